/* expected: false; inputs: 4; note: a loop sums the first n elements of an array indexed by an int (its index widened for the access): 1+2+3+4 == 10 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  int sum = 0;
  for (int k = 0; k < n; k++) sum += a[k];
  if (sum == 10) reach_error();
  return 0;
}
