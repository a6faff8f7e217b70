/* expected: false; inputs: -5; note: abs(-5) == 5 */
extern void reach_error(void);
extern int abs(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && abs(x) == 5) reach_error();
  return 0;
}
