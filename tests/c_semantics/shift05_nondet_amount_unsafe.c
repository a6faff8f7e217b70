/* expected: false; inputs: 31; note: 1u << n for a nondeterministic n in [0, 31] reaches 2^31 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 32);
  unsigned int x = 1u << n;
  if (x == 2147483648u) reach_error();
  return 0;
}
