/* expected: false; inputs: -2; note: a negative signed char is sign-extended to int before |: -2 | 1 == -1 */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  int r = c | 1;
  if (r == -1) reach_error();
  return 0;
}
