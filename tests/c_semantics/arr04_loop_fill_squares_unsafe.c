/* expected: false; inputs: 5; note: a loop stores k*k into a[k]; a[5] is 25 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[6];
  for (int k = 0; k < 6; k++) a[k] = k * k;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 6) return 0;
  if (a[i] == 25) reach_error();
  return 0;
}
