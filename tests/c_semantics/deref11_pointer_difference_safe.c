/* expected: true; inputs: ; note: q - p for two pointers into one array (one past the end included) is the difference of the indices */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[6] = {0, 0, 0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 6 || j < 0 || j > 6) return 0;
  int *p = a + i;
  int *q = a + j;
  long d = q - p;
  if (d != j - i || p + d != q) reach_error();
  return 0;
}
