/* expected: false; inputs: 9; note: p->f writes and reads the fields of the local struct p points to */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };

int main(void) {
  struct P s = {0, 0};
  struct P *p = &s;
  p->x = __VERIFIER_nondet_int();
  if (p->x < -1000 || p->x > 1000) return 0;
  p->y = p->x + 1;
  if (s.x == 9 && s.y == 10) reach_error();
  return 0;
}
