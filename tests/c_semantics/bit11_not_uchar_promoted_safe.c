/* expected: true; inputs: ; note: ~c of an unsigned char is the negative int -c - 1, not 255 - c */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (~c == 255 - c) reach_error();
  if (~c >= 0) reach_error();
  return 0;
}
