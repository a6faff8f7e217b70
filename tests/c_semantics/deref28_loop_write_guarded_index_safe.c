/* expected: true; inputs: ; note: a loop writes *(p + i) only while the increasing index i is in range: no element is written twice */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {0, 0, 0, 0};
  int *p = a;
  int i = __VERIFIER_nondet_int();
  if (i < -10 || i > 10) return 0;
  for (int k = 0; k < 6; k++) {
    if (i >= 0 && i < 4) *(p + i) += 1;
    i++;
  }
  for (int k = 0; k < 4; k++)
    if (a[k] > 1) reach_error();
  return 0;
}
