/* expected: false; inputs: 4; note: goto into the middle of a while body skips the first condition test and the first s += 10 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n < 0 || n > 5) return 0;
  goto inside;
  while (i < n) {
    s += 10;
  inside:
    i++;
  }
  if (n == 4 && s == 30) reach_error();
  return 0;
}
