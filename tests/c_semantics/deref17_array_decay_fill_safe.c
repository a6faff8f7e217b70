/* expected: true; inputs: ; note: an array passed to fill(int *a, int n) decays to a pointer to its first element: fill writes the caller's first n elements */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void fill(int *a, int n) {
  for (int k = 0; k < n; k++) a[k] = 2 * k;
}

int main(void) {
  int b[5] = {-1, -1, -1, -1, -1};
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 0 || n > 5 || k < 0 || k >= 5) return 0;
  fill(b, n);
  if (k < n && b[k] != 2 * k) reach_error();
  if (k >= n && b[k] != -1) reach_error();
  return 0;
}
