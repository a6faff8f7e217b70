/* expected: false; inputs: 536870912; note: a positive int times 4 can be negative (2^29 * 4 wraps to INT_MIN) */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  if (x * 4 < 0) reach_error();
  return 0;
}
