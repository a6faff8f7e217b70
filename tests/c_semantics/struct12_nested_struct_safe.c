/* expected: true; inputs: ; note: nested structs: writing the inner struct of one copy leaves the other */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct In { int v; };
struct Out { struct In in; int w; };
int main(void) {
  struct Out a;
  a.in.v = __VERIFIER_nondet_int();
  a.w = 0;
  struct Out b = a;
  b.in.v = a.in.v + 1;
  if (b.in.v == a.in.v) reach_error();
  return 0;
}
