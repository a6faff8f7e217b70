/* expected: false; inputs: 256; note: s *= s on short stores the product modulo 2^16 (256*256 -> 0) */
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  if (s < 100 || s > 400) return 0;
  s *= s;
  if (s < 10000) reach_error();
  return 0;
}
