/* expected: true; inputs: ; note: a / b <= a and a % b < b for unsigned a, b != 0 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  __VERIFIER_assume(b != 0);
  if (a / b > a) reach_error();
  if (a % b >= b) reach_error();
  return 0;
}
