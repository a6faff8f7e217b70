/* expected: true; inputs: ; note: a struct parameter is a copy: the callee changing it leaves the caller s struct */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int bump(struct P p) { p.x = p.x + 10; return p.x; }
int main(void) {
  struct P s = {1, 2};
  s.y = __VERIFIER_nondet_int();
  int r = bump(s);
  if (s.x != 1 || r != 11) reach_error();
  return 0;
}
