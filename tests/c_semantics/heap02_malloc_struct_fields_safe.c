/* expected: true; inputs: ; note: p->a and p->b of a malloc'd struct are separate cells: p->b = p->a + 1 keeps p->a */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; int b; };

int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (p == 0) return 0;
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  p->a = x;
  p->b = p->a + 1;
  if (p->a != x || p->b - p->a != 1) reach_error();
  return 0;
}
