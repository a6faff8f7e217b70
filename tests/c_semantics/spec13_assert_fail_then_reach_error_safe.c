/* expected: true; inputs: ; note: __assert_fail does not return, so reach_error after it is unreachable */
extern void reach_error(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 1) {
    __assert_fail("x != 1", __FILE__, __LINE__, __func__);
    reach_error();
  }
  return 0;
}
