/* expected: false; inputs: -1; note: __VERIFIER_nondet_char() can be negative */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c < 0) reach_error();
  return 0;
}
