/* expected: false; inputs: 0; note: ~c stored into unsigned char is 255 - c, so d + c == 255 for every c */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = ~c;
  if (d + c == 255) reach_error();
  return 0;
}
