/* expected: false; inputs: -1; note: q = p + 2 into a malloc'd array of 5 ints: q[-1] is p[1] */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(5 * sizeof(int));
  if (p == 0) return 0;
  int k;
  for (k = 0; k < 5; k++) p[k] = k;
  int *q = p + 2;
  int i = __VERIFIER_nondet_int();
  if (i < -2 || i > 2) return 0;
  q[i] = 100;
  if (p[1] == 100 && *(q + 1) == 3) reach_error();
  return 0;
}
