/* expected: false; inputs: -6 -9 -3; note: differences of inputs, which a solver may satisfy by wrapping; -6 - -9 == 3 and 3 + -3 == 0 do not overflow */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  int d = a - b;
  if (d == 3 && a < -5 && d + c == 0 && -c > 2) reach_error();
  return 0;
}
