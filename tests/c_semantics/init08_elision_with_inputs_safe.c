/* expected: true; inputs: ; note: int m[2][2] = {x, 1, 2, x} places the input x at m[0][0] and m[1][1] */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int m[2][2] = {x, 1, 2, x};
  if (m[1][1] != m[0][0] || m[0][1] != 1 || m[1][0] != 2) reach_error();
  return 0;
}
