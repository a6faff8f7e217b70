/* expected: false; inputs: -4; note: statement expressions as ternary branches: only the chosen one is evaluated */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x > 0 ? ({ int t = x; t - 1; }) : ({ int t = -x; t + 1; });
  if (y == 5 && x < 0) reach_error();
  return 0;
}
