/* expected: false; inputs: 2; note: an array inside a struct indexed by a variable */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int n; int a[4]; };
int main(void) {
  struct S s = {0, {1, 2, 3, 4}};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  s.n = s.a[i];
  if (s.n == 3) reach_error();
  return 0;
}
