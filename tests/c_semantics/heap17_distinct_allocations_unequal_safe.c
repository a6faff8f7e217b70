/* expected: true; inputs: ; note: two live allocations never compare equal; a copy of p compares equal to p */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int c = __VERIFIER_nondet_int();
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  int *q = malloc(2 * sizeof(int));
  if (q == 0) return 0;
  int *r = p;
  if (c > 0) r = q;
  if (p == q) reach_error();
  if (c > 0 && r == p) reach_error();
  if (c <= 0 && r != p) reach_error();
  return 0;
}
