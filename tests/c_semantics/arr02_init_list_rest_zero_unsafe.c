/* expected: false; inputs: 1; note: elements without initializer are zero: a[1] == 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5] = {7};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 5) return 0;
  if (a[i] == 0) reach_error();
  return 0;
}
