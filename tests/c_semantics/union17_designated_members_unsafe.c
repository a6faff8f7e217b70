/* expected: false; inputs: 3; note: a designator initialises any member of a union, the one designated last wins (g4 holds c: i is 3, the other bytes of a static union are zero), items after .u.h[1] go on after the union (g6.x is 9), and a chain keeps what the member got before (g8.u.h is {3, 2}); reached for k = 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { unsigned char c; unsigned int i; unsigned short h[2]; };
struct S { int a; union U u; int x; };
union U g1 = {.i = 0x01020304};
union U g3 = {.h[1] = 7};
union U g4 = {.i = 9, .c = 3};
struct S g6 = {.u.h[1] = 8, 9};
struct S g8 = {.u = {.h = {1, 2}}, .u.h[0] = 3};
int main(void) {
  int k = __VERIFIER_nondet_int();
  union U l1 = {.i = 0x01020304u + k};
  union U l2 = {.h = {5, 6}};
  struct S l6 = {.u.h[1] = 8, k};
  struct S l8 = {.u = {.h = {1, 2}}, .u.h[0] = 3};
  if (g1.c != 4 || g3.i != 0x70000 || g4.i != 3 || g6.x != 9 || g6.u.h[1] != 8 || g8.u.i != 0x20003) return 0;
  if (l2.i != 0x60005 || l8.u.i != 0x20003 || l6.u.h[1] != 8) return 0;
  if (l1.c == 7 && l6.x == 3) reach_error();
  return 0;
}
