/* expected: false; inputs: 7; note: .b = {1, 2}, .b.u = x overrides only b.u: b.c keeps 2 and the members not named are zero */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct B { unsigned char u; int c; };
struct A { int k; struct B b; int e; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  struct A a = {.b = {1, 2}, .b.u = x};
  if (a.b.u == 7 && a.b.c == 2 && a.k == 0 && a.e == 0) reach_error();
  return 0;
}
