/* expected: true; inputs: ; note: 255 * 255 fits int: __builtin_mul_overflow_p is 0 for unsigned char operands */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  unsigned char b = __VERIFIER_nondet_uchar();
  if (__builtin_mul_overflow_p(a, b, (int)0)) reach_error();
  return 0;
}
