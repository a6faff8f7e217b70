/* expected: false; inputs: -2147483648; note: 0 - INT_MIN overflows int */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_sub_overflow_p(0, x, (int)0)) reach_error();
  return 0;
}
