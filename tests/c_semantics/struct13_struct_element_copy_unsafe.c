/* expected: false; inputs: 1 7; note: copying a struct element of an array at a variable index */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int main(void) {
  struct P pts[2] = {{0, 0}, {0, 0}};
  int i = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (i < 0 || i >= 2) return 0;
  struct P p = {v, v};
  pts[i] = p;
  if (pts[1].y == 7) reach_error();
  return 0;
}
