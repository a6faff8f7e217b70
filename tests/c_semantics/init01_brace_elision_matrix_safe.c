/* expected: true; inputs: ; note: int m[2][3] = {1, 2, 3, 4, 5, 6} fills the rows in order without inner braces: m[1][0] is 4 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int m[2][3] = {1, 2, 3, 4, 5, 6};
  if (m[1][0] != 4 || m[0][2] != 3 || m[1][2] != 6) reach_error();
  return 0;
}
