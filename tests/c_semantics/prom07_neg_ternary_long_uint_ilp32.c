/* expected: true; inputs: ; note: the ternary of unsigned int and long has type long (LP64) or unsigned long (ILP32); its negation is <= 0 only as long */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(x >= 0 && x < 100);
  if (-(1u > x ? 1u : x) <= 0) reach_error();
  return 0;
}
