/* expected: true; inputs: ; note: unsigned char operands are promoted to int: a + b never wraps at 256 */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  unsigned char b = __VERIFIER_nondet_uchar();
  if (a + b < a) reach_error();
  if (a + b > 510) reach_error();
  return 0;
}
