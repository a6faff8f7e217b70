/* expected: false; inputs: 0; note: in c ? (void *)0 : a the null pointer constant takes the other operand's type (int *): + 1 steps to a[1], and the operand of sizeof * is an int */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[2] = {10, 20};
  int c = __VERIFIER_nondet_int();
  if (c) return 0;
  int *r = (c ? (void *)0 : a) + 1;
  if (*r == 20 && sizeof(*(c ? (void *)0 : a)) == 4 && sizeof(*(c ? a : 0)) == 4) reach_error();
  return 0;
}
