/* expected: false; inputs: 2 9; note: a[i] = v into a malloc'd array of 4 ints, i checked to be in bounds, writes element i only */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *a = malloc(4 * sizeof(int));
  if (a == 0) return 0;
  int k;
  for (k = 0; k < 4; k++) a[k] = k * 10;
  int i = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = v;
  if (a[0] == 0 && a[1] == 10 && a[2] == 9 && a[3] == 30) reach_error();
  return 0;
}
