/* expected: false; inputs: 1 5; note: tab[i](x) with a table {neg, square, plus10} and 0 <= i < 3 calls the i-th function: square(5) == 25 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int neg(int v) {
  return -v;
}

int square(int v) {
  return v * v;
}

int plus10(int v) {
  return v + 10;
}

int main(void) {
  int (*tab[3])(int) = { neg, square, plus10 };
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int r = tab[i](x);
  if (r == 25) reach_error();
  return 0;
}
