/* expected: false; inputs: 2 3; note: m[i][j] = 4*i + j over a 3x4 matrix reaches 11 at (2, 3) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int m[3][4];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++) m[r][c] = 4 * r + c;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3 || j < 0 || j >= 4) return 0;
  if (m[i][j] == 11) reach_error();
  return 0;
}
