/* expected: false; inputs: 2; note: r is a copy of p or of q (two allocations); r == p holds exactly when r was copied from p */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int c = __VERIFIER_nondet_int();
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  int *q = malloc(sizeof(int));
  if (q == 0) return 0;
  int *r = q;
  if (c == 2) r = p;
  if (r == p) reach_error();
  return 0;
}
