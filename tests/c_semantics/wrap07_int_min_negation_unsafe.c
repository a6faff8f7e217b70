/* expected: false; inputs: -2147483648; note: -INT_MIN == INT_MIN with -fwrapv */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && -x < 0) reach_error();
  return 0;
}
