/* expected: false; inputs: 127; note: signed char + 1 is computed in int: 127 + 1 == 128, no wrap */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  int x = c + 1;
  if (x > 127) reach_error();
  return 0;
}
