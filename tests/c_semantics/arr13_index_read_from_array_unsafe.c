/* expected: false; inputs: 2; note: an index read from another array: a[b[2]] is a[0] */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[3] = {10, 20, 30};
  int b[3] = {2, 1, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  if (a[b[i]] == 10) reach_error();
  return 0;
}
