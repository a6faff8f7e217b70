/* expected: false; inputs: 0; note: members and elements left out of an initializer list are zero */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; int b[3]; int c; };
int main(void) {
  struct S s = {1, {2}};
  int n = __VERIFIER_nondet_int();
  if (s.c == n && s.b[2] == 0 && s.b[0] == 2) reach_error();
  return 0;
}
