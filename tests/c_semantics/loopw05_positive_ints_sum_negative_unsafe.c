/* expected: false; inputs: 2147483647 1; note: the sum of two positive ints wraps negative (-fwrapv) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 0 && y > 0 && x + y < 0) reach_error();
  return 0;
}
