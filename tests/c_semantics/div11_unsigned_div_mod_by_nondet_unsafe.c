/* expected: false; inputs: 10 3; note: 10 / 3 == 3 and 10 % 3 == 1 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  __VERIFIER_assume(b != 0);
  if (a % b == 1 && a / b == 3) reach_error();
  return 0;
}
