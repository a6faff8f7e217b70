/* expected: true; inputs: ; note: after free(p), p is assigned a second allocation; reads through p see the new object's value */
extern void *malloc(unsigned long size);
extern void free(void *p);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  *p = 1;
  int first = *p;
  free(p);
  p = malloc(sizeof(int));
  if (p == 0) return 0;
  int x = __VERIFIER_nondet_int();
  *p = x;
  if (*p != x || first != 1) reach_error();
  free(p);
  return 0;
}
