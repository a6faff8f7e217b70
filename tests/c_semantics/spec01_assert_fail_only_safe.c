/* expected: true; inputs: ; note: __assert_fail aborts but is not reach_error: the property holds */
extern void reach_error(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5) __assert_fail("x != 5", "spec01_assert_fail_only_safe.c", 6, "main");
  return 0;
}
