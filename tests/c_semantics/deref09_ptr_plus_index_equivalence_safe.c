/* expected: true; inputs: ; note: *(p + i), p[i], *(a + i), a[i] and i[a] denote the same element */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {3, 1, 4, 1};
  int *p = a;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  *(p + i) = *(p + i) + 10;
  if (p[i] != a[i] || *(a + i) != i[a] || a[i] < 11) reach_error();
  return 0;
}
