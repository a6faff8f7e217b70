/* expected: true; inputs: ; note: struct assignment copies: a later write to the source leaves the copy */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int main(void) {
  struct P p = {1, 2};
  struct P q;
  p.x = __VERIFIER_nondet_int();
  q = p;
  int old = q.x;
  p.x = old + 1;
  if (q.x != old || q.y != 2) reach_error();
  return 0;
}
