/* expected: false; inputs: 2; note: gcc reads p[k] in p[k] * f() before the call changes it: 2 * 5, not 7 * 5 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int a[3];
int *p = a;

int f(void) {
  a[2] = 7;
  return 5;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  a[k] = 2;
  if (p[k] * f() == 10 && k == 2) reach_error();
  return 0;
}
