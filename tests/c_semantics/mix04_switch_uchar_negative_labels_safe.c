/* expected: true; inputs: ; note: an unsigned char never matches case -1 or case (char)200 (= -56) */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  int r = 0;
  switch (c) {
    case -1: reach_error(); break;
    case (char)200: reach_error(); break;
    case 255: r = 1;
    case 200: r += 2; break;
    default: r = 7;
  }
  if (r == 0 || r == 2 && c != 200) reach_error();
  return 0;
}
