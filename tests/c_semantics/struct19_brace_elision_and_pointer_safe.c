/* expected: true; inputs: ; note: positional items take an anonymous union as one member (its first member) and an anonymous struct as one aggregate; a pointer to the struct reaches the nested anonymous members */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union { int c; char d[4]; }; struct { int e; struct { int f, h; }; }; int g; };

static void bump(struct S *p, int k) { p->h += k; p->e -= k; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  struct S v = { 1, 2, { 3, { 4, 5 } }, 6 };
  bump(&v, k);
  if (v.a != 1 || v.c != 2 || v.f != 4 || v.g != 6) reach_error();
  if (v.h + v.e != 8 || v.h - k != 5) reach_error();
  return 0;
}
