/* expected: true; inputs: ; note: sum3, called once, fills an alloca'd array of 3 ints and returns its sum 3x + 3 */
extern void *alloca(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int sum3(int x) {
  int *t = alloca(3 * sizeof(int));
  int k;
  for (k = 0; k < 3; k++) t[k] = x + k;
  return t[0] + t[1] + t[2];
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int s = sum3(x);
  if (s != 3 * x + 3) reach_error();
  return 0;
}
