/* expected: true; inputs: ; note: p = &a[2] makes p[1] the element a[3] and p[-2] the element a[0] */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5] = {10, 11, 12, 13, 14};
  int *p = &a[2];
  int i = __VERIFIER_nondet_int();
  if (i < -2 || i > 2) return 0;
  if (p[1] != 13 || p[-2] != a[0] || p[i] != 12 + i) reach_error();
  return 0;
}
