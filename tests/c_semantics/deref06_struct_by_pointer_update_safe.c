/* expected: true; inputs: ; note: a function given &c updates the caller's struct fields; the invariant hi == 2 * lo holds after n calls */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct C { int lo; int hi; };

void step(struct C *c) {
  c->lo = c->lo + 1;
  c->hi = c->hi + 2;
}

int main(void) {
  struct C c = {0, 0};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int k = 0; k < n; k++) step(&c);
  if (c.hi != 2 * c.lo || c.lo != n) reach_error();
  return 0;
}
