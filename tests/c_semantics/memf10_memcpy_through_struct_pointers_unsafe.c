/* expected: false; inputs: 8 3; note: copy(&q, &p) calls memcpy(d, s, sizeof *d) with pointers to struct (the source const): q gets p's members, a later write to p.x leaves q */
extern void *memcpy(void *, const void *, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct Pt { long x; long y; };

void copy(struct Pt *d, const struct Pt *s) {
  memcpy(d, s, sizeof *d);
}

int main(void) {
  struct Pt p, q;
  p.x = __VERIFIER_nondet_int();
  p.y = __VERIFIER_nondet_int();
  q.x = 0;
  q.y = 0;
  copy(&q, &p);
  p.x = 0;
  if (q.x - q.y == 5 && q.y == 3) reach_error();
  return 0;
}
