/* expected: false; inputs: 3; note: p = &m[1][0] points into row 1 of a 3x4 matrix: p[3] is m[1][3] == 7 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int m[3][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}};
  int *p = &m[1][0];
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 4) return 0;
  if (p[j] == 7) reach_error();
  return 0;
}
