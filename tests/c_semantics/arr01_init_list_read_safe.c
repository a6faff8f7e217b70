/* expected: true; inputs: ; note: an initializer list fills the first elements and zeroes the rest; every element read by a variable index is at most 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {1, 2, 3};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  if (a[i] > 3 || a[3] != 0) reach_error();
  return 0;
}
