/* expected: true; inputs: ; note: the rows of a two-dimensional array are separate objects: writing row 1 leaves row 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 3) return 0;
  m[1][j] = 0;
  if (m[0][j] != j + 1) reach_error();
  return 0;
}
