/* expected: true; inputs: ; note: after the designator .e of an anonymous struct's member the next items initialise f (in that struct), then g; a and the union stay 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union { int c; char d[4]; }; struct { int e, f; }; int g; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  struct S w = { .e = k, 8, 9 };
  if (w.f != 8 || w.g != 9 || w.a != 0 || w.c != 0 || w.e != k) reach_error();
  return 0;
}
