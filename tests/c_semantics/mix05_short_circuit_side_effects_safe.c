/* expected: true; inputs: ; note: && and || skip their right operand's side effects; i++ / i-- yield the old value */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < -2 || i > 2) return 0;
  int i0 = i, j = 0;
  int r = i++ && ++j;
  int q = i-- || j--;
  if (i != i0) reach_error();
  if (j != (i0 != 0 && i0 != -1)) reach_error();
  if (r != (i0 != 0) || q != 1) reach_error();
  return 0;
}
