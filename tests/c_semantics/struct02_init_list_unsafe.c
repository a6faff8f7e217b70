/* expected: false; inputs: 4; note: a struct initializer list sets the fields in order */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int main(void) {
  struct P p = {3, 4};
  int n = __VERIFIER_nondet_int();
  if (p.x == 3 && p.y == n) reach_error();
  return 0;
}
