/* expected: false; inputs: 6; note: *p = *q copies the whole struct q points to; later writes to the source leave the copy */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };

int main(void) {
  struct P a = {0, 2};
  struct P b = {0, 0};
  struct P *p = &b, *q = &a;
  a.x = __VERIFIER_nondet_int();
  *p = *q;
  a.x = 0;
  a.y = 0;
  if (b.x == 6 && b.y == 2) reach_error();
  return 0;
}
