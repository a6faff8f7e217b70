/* expected: true; inputs: ; note: q = p and r = (int *)(void *)p alias one malloc'd block: a write through one is read through the others */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (p == 0) return 0;
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int *q = p;
  void *v = p;
  int *r = (int *) v;
  q[1] = x;
  r[0] = y;
  if (p[1] != x || q[0] != y || *(r + 1) != x) reach_error();
  return 0;
}
