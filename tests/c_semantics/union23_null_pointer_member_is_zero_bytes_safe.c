/* expected: true; inputs: ; note: gcc's null pointer is all bits zero: a union zeroed by {0}, by static storage or by memset reads a null pointer, and a null pointer stored into a union reads as integer 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *memset(void *s, int c, unsigned long n);
union U { long l; int *p; };
union U g;
int main(void) {
  int x = __VERIFIER_nondet_int();
  union U u = {0}, w, m;
  w.p = &x;
  w.p = 0;
  m.p = &x;
  memset(&m, 0, sizeof m);
  if (u.p || g.p || w.l || m.p || m.l) reach_error();
  return 0;
}
