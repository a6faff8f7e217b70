/* expected: true; inputs: ; note: a global struct with an array member is zero-initialised */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int n; unsigned char a[3]; long l; };
struct S g;
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  if (g.n != 0 || g.a[i] != 0 || g.l != 0) reach_error();
  return 0;
}
