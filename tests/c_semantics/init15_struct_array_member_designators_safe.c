/* expected: true; inputs: ; note: in struct A arr[3] = {[2].e = x, [0].b.c = 1} only arr[2].e and arr[0].b.c are set; arr[1] is all zero */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct B { unsigned char u; int c; };
struct A { int k; struct B b; int e; };
struct A g[2] = {[1].b.u = 300, [0].k = 4};
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct A arr[3] = {[2].e = x, [0].b.c = 1};
  if (arr[2].e != x || arr[0].b.c != 1 || arr[1].k != 0 || arr[1].b.u != 0 || arr[1].e != 0 || arr[0].e != 0)
    reach_error();
  if (g[1].b.u != 44 || g[0].k != 4 || g[1].k != 0 || g[0].b.u != 0) reach_error();
  return 0;
}
