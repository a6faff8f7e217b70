/* expected: true; inputs: ; note: a union member an initializer list leaves out, and a union initialised with {}, have their first member zero (C11 6.7.9p21, p10): read through a pointer and by name */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union U { short c; char d[2]; } u; int g; };

static int rd(struct S *p) { return p->u.c + p->u.d[1]; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  struct S w = { .g = k };
  union U z = {};
  if (rd(&w) != 0 || z.c != 0 || w.g != k) reach_error();
  return 0;
}
