/* expected: false; inputs: 5; note: int m[2][3] = {[1][1] = x, x + 1, [0][1] = 6}: x + 1 goes to m[1][2], the next element after m[1][1] */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  int m[2][3] = {[1][1] = x, x + 1, [0][1] = 6};
  if (m[1][2] == 6 && m[0][1] == 6 && m[0][0] == 0 && m[1][0] == 0) reach_error();
  return 0;
}
