/* expected: false; inputs: 2; note: after the designator .e of an anonymous struct's member the next item initialises f (8), then g (9): f + k is 10 for k = 2 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union { int c; char d[4]; }; struct { int e, f; }; int g; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  struct S w = { .e = k, 8, 9 };
  if (w.f + k == 10 && w.g == 9) reach_error();
  return 0;
}
