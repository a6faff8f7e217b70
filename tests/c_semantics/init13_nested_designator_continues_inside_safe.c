/* expected: true; inputs: ; note: after .b.u = x the items that follow initialise b.c and then e, the members after b.u (C11 6.7.9p17) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct B { unsigned char u; int c; };
struct A { int k; struct B b; int e; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct A y = {.b.u = x, x, 3};
  if (y.b.c != x || y.e != 3 || y.k != 0 || y.b.u != (unsigned char)x) reach_error();
  return 0;
}
