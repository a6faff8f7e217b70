/* expected: false; inputs: 4611686018427387905; note: 64-bit long x + x wraps negative for x > 2^62 (-fwrapv) */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(x > 4611686018427387904L);
  if (x + x < 0) reach_error();
  return 0;
}
