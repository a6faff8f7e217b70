/* expected: false; inputs: 3; note: the sum of a filled array: 0+1+2+3 == 6 after n = 3 extra steps */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5] = {0, 1, 2, 3, 4};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 5) return 0;
  int sum = 0;
  for (int k = 0; k <= n; k++) sum += a[k];
  if (sum == 6) reach_error();
  return 0;
}
