/* expected: true; inputs: ; note: a & (a | b) == a */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  if ((a & (a | b)) != a) reach_error();
  return 0;
}
