/* expected: false; inputs: 2147483648; note: a non-zero unsigned times 2 can be 0 (2^31 * 2) */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  __VERIFIER_assume(a != 0);
  if (a * 2u == 0) reach_error();
  return 0;
}
