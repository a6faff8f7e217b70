/* expected: false; inputs: 5; note: in int m[2][2] = {[1][1] = 7, [1] = x} the row without braces takes x at m[1][0] and keeps 7 at m[1][1] (each item overrides only what it initialises) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int m[2][2] = {[1][1] = 7, [1] = x};
  if (m[1][0] == 5 && m[1][1] == 7 && m[0][0] == 0) reach_error();
  return 0;
}
