/* expected: true; inputs: ; note: c << 8 is computed in int: nothing is lost */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  int r = c << 8;
  if (r < 0 || r > 65280) reach_error();
  if (c != 0 && r == 0) reach_error();
  return 0;
}
