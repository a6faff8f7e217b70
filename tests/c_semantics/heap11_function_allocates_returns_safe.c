/* expected: true; inputs: ; note: make(a), called once, allocates a struct, fills it and returns it; the caller reads the fields make wrote */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct pair { int a; int b; };

struct pair *make(int a) {
  struct pair *r = (struct pair *) malloc(sizeof(struct pair));
  if (r == 0) return 0;
  r->a = a;
  r->b = -a;
  return r;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  struct pair *p = make(x);
  if (p == 0) return 0;
  if (p->a != x || p->a + p->b != 0) reach_error();
  return 0;
}
