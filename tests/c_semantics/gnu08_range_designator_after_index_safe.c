/* expected: true; inputs: ; note: a GNU range designator after other designators ([1][0 ... 2] = 7) initialises elements of m[1] only: m[2] stays zero and m[1][3] is 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int m[3][4] = {[1][0 ... 2] = 7};
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  if (m[2][k] != 0 || m[0][k] != 0 || m[1][3] != 0 || (k < 3 && m[1][k] != 7)) reach_error();
  return 0;
}
