/* expected: true; inputs: ; note: a negative signed char shifted right by 7 (after promotion) is -1 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  __VERIFIER_assume(c < 0);
  if ((c >> 7) != -1) reach_error();
  return 0;
}
