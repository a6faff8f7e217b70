/* expected: false; inputs: 2; note: a write at a variable index changes the element it selects */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = 42;
  if (a[2] == 42) reach_error();
  return 0;
}
