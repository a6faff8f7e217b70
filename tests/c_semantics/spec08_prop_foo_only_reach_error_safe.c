/* expected: true; inputs: ; note: the property names foo; reach_error is called but is not the target */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);

void reach_error() { __assert_fail("0", "spec08_prop_foo_only_reach_error_safe.c", 3, "reach_error"); }
void foo(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) reach_error();
  if (x > 3 && x < 3) foo();
  return 0;
}
