/* expected: false; inputs: 3; note: alloca(3 * sizeof(int)) in main gives an array whose elements are written and read: 3, 4, 5 */
extern void *alloca(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int *a = alloca(3 * sizeof(int));
  a[0] = x;
  a[1] = a[0] + 1;
  a[2] = a[1] + 1;
  if (a[2] == 5) reach_error();
  return 0;
}
