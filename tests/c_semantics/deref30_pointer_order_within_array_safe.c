/* expected: true; inputs: ; note: relational comparison of pointers into one array (one past the end included) follows the indices */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5] = {0, 0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 5 || j < 0 || j > 5) return 0;
  int *p = a + i;
  int *q = a + j;
  if ((p <= q) != (i <= j) || (p < q) != (i < j)) reach_error();
  return 0;
}
