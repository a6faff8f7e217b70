/* expected: false; inputs: -2; note: 7 % -2 == 1: the divisor sign does not matter */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(y != 0);
  if (y < 0 && 7 % y == 1) reach_error();
  return 0;
}
