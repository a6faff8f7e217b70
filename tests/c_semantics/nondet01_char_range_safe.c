/* expected: true; inputs: ; note: __VERIFIER_nondet_char() is in [-128, 127] (char is signed on x86) */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c > 127 || c < -128) reach_error();
  return 0;
}
