/* expected: false; inputs: 3; note: a pointer to the struct reaches the members of nested anonymous structs: h is 5 + k and e is 3 - k, so h - e is 8 for k = 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union { int c; char d[4]; }; struct { int e; struct { int f, h; }; }; int g; };

static void bump(struct S *p, int k) { p->h += k; p->e -= k; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  struct S v = { 1, 2, { 3, { 4, 5 } }, 6 };
  bump(&v, k);
  if (v.h - v.e == 8 && v.f == 4) reach_error();
  return 0;
}
