/* expected: false; inputs: 5; note: gcc folds x - x to 0 before __builtin_constant_p, at -O0 as well: the value is 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_constant_p(x - x)) reach_error();
  return 0;
}
