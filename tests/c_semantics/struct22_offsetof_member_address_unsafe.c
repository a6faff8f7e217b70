/* expected: false; inputs: 2; note: the member f of an anonymous struct is 12 bytes in: (char *) &v.f - (char *) &v.c is 8, equal to 4 * k for k = 2 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union { int c; char d[4]; }; struct { int e, f; }; int g; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  struct S v;
  if ((char *) &v.f - (char *) &v.c == 4 * k && __builtin_offsetof(struct S, f) == 12) reach_error();
  return 0;
}
