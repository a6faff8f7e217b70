/* expected: true; inputs: ; note: two malloc calls give separate objects: writing one leaves the other */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  int *q = malloc(sizeof(int));
  if (q == 0) return 0;
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y < -1000 || y > 1000) return 0;
  *p = x;
  *q = y;
  if (*p != x) reach_error();
  *q = y + 1;
  if (*p != x) reach_error();
  return 0;
}
