/* expected: false; inputs: 2147483647; note: signed overflow as gcc -fwrapv: INT_MAX + 1 == INT_MIN */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  int y = x + 1;
  if (y < 0) reach_error();
  return 0;
}
