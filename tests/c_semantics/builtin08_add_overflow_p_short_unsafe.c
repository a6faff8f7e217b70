/* expected: false; inputs: 32767; note: __builtin_add_overflow_p checks against the type of its third argument (short) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_add_overflow_p(x, 1, (short)0)) reach_error();
  return 0;
}
