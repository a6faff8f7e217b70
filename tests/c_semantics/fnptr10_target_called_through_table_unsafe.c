/* expected: false; inputs: 1; note: reach_error() called through a function pointer (a table entry chosen by an input, SV-COMP's reach_error with a body) is a call of the property's function */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "fnptr10_target_called_through_table_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

static void nop(void) { }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  void (*table[3])(void) = { nop, reach_error, nop };
  table[k]();
  return 0;
}
