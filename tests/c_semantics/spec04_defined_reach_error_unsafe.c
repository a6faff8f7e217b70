/* expected: false; inputs: 42; note: SV-COMP style reach_error with a body: calling it violates the property */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);

void reach_error() { __assert_fail("0", "spec04_defined_reach_error_unsafe.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) reach_error();
  return 0;
}
