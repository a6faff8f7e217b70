/* expected: false; inputs: 10; note: a pointer incremented from a to a + 4 visits every element once: 1+2+3+10 == 16 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {1, 2, 3, 0};
  a[3] = __VERIFIER_nondet_int();
  if (a[3] < -1000 || a[3] > 1000) return 0;
  int s = 0;
  for (int *p = a; p < a + 4; p++) s += *p;
  if (s == 16) reach_error();
  return 0;
}
