/* expected: true; inputs: ; note: s /= 2 on short halves the range */
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);

int main(void) {
  short s = __VERIFIER_nondet_short();
  s /= 2;
  if (s > 16383 || s < -16384) reach_error();
  return 0;
}
