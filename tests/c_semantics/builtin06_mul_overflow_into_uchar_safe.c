/* expected: true; inputs: ; note: overflow is judged against the result type unsigned char: a > 127 always overflows a * 2 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned char r;
  int a = __VERIFIER_nondet_int();
  if (!__builtin_mul_overflow(a, 2, &r) && a > 127) reach_error();
  return 0;
}
