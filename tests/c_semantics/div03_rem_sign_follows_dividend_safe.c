/* expected: true; inputs: ; note: the sign of x % y is the sign of x, whatever the sign of y */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(y != 0 && y != -1);
  if (x > 0 && x % y < 0) reach_error();
  if (x < 0 && x % y > 0) reach_error();
  return 0;
}
