/* expected: true; inputs: ; note: c >>= 1 on a negative odd signed char rounds down (arithmetic shift), c / 2 rounds toward zero, so they differ */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c0 = __VERIFIER_nondet_char();
  char c = c0;
  c >>= 1;
  if (c0 < 0 && c0 % 2 != 0 && c == c0 / 2) reach_error();
  if (c != (c0 - (c0 & 1)) / 2) reach_error();
  return 0;
}
