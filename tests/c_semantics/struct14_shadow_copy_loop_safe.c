/* expected: true; inputs: ; note: a struct counter updated in a loop keeps its invariant hi == 2 * lo */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct C { int lo; int hi; };
int main(void) {
  struct C c = {0, 0};
  int n = __VERIFIER_nondet_int();
  for (int k = 0; k < n && k < 10; k++) {
    c.lo = c.lo + 1;
    c.hi = c.hi + 2;
  }
  if (c.hi != 2 * c.lo) reach_error();
  return 0;
}
