/* expected: true; inputs: ; note: freeing one of two allocations leaves the other's contents */
extern void *malloc(unsigned long size);
extern void free(void *p);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  int *q = malloc(sizeof(int));
  if (q == 0) return 0;
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  *p = x;
  *q = y;
  free(p);
  if (*q != y) reach_error();
  free(q);
  return 0;
}
