/* expected: true; inputs: ; note: for negative 64-bit x, x / 4 * 4 lies in [x, x + 3] */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(x < 0);
  long q = x / 4;
  if (q * 4 < x) reach_error();
  if (q * 4 - x > 3) reach_error();
  return 0;
}
