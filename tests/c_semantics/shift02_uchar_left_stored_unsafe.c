/* expected: false; inputs: 16; note: 16 << 4 == 256 stored into unsigned char is 0 */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char r = c << 4;
  if (c != 0 && r == 0) reach_error();
  return 0;
}
