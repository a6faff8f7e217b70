/* expected: true; inputs: ; note: p->inner.x writes a field of a nested struct through a pointer to the outer one; the other fields stay */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct In { int x; int y; };
struct Out { int tag; struct In inner; int tail; };

int main(void) {
  struct Out o = {1, {2, 3}, 4};
  struct Out *p = &o;
  int v = __VERIFIER_nondet_int();
  if (v < -1000 || v > 1000) return 0;
  p->inner.x = v;
  p->inner.y = -v;
  struct In *ip = &p->inner;
  if (ip->x + ip->y != 0 || o.inner.x != v || o.tag != 1 || o.tail != 4) reach_error();
  return 0;
}
