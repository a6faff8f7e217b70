/* expected: false; inputs: 9; note: struct assignment copies every field */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int main(void) {
  struct P p;
  p.x = 1;
  p.y = __VERIFIER_nondet_int();
  struct P q = p;
  if (q.y == 9 && q.x == 1) reach_error();
  return 0;
}
