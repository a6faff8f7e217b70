/* expected: true; inputs: ; note: apply(f, v) calls its callback parameter: apply(dbl, x) == 2 * x and apply(inc, x) == x + 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int dbl(int v) {
  return v + v;
}

int inc(int v) {
  return v + 1;
}

int apply(int (*f)(int), int v) {
  return f(v);
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  if (apply(dbl, x) != 2 * x) reach_error();
  if (apply(inc, x) != x + 1) reach_error();
  if (apply(dbl, apply(inc, x)) != 2 * x + 2) reach_error();
  return 0;
}
