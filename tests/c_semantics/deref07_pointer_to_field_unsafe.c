/* expected: false; inputs: 7; note: a pointer to the field s.b writes that field only */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; int b; int c; };

int main(void) {
  struct S s = {1, 2, 3};
  int *p = &s.b;
  *p = __VERIFIER_nondet_int();
  if (s.a == 1 && s.b == 7 && s.c == 3) reach_error();
  return 0;
}
