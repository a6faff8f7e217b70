/* expected: true; inputs: ; note: unsigned short * unsigned short is an int product (wraps as with -fwrapv); converted to unsigned it equals the unsigned product */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short a = __VERIFIER_nondet_ushort();
  unsigned short b = __VERIFIER_nondet_ushort();
  unsigned int p = a * b;
  if (p != (unsigned int)a * (unsigned int)b) reach_error();
  return 0;
}
