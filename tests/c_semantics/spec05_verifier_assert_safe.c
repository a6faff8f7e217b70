/* expected: true; inputs: ; note: SV-COMP __VERIFIER_assert pattern with a defined reach_error; the assertion holds */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern void abort(void);
void reach_error() { __assert_fail("0", "spec05_verifier_assert_safe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {reach_error(); abort();}
  }
  return;
}
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  __VERIFIER_assert(x / 2 <= x);
  return 0;
}
