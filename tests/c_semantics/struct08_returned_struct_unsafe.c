/* expected: false; inputs: 5; note: a function returns a struct by value; the caller reads its fields */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
struct P make(int v) { struct P p; p.x = v; p.y = 2 * v; return p; }
int main(void) {
  int v = __VERIFIER_nondet_int();
  struct P q = make(v);
  if (q.y == 10) reach_error();
  return 0;
}
