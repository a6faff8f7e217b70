/* expected: false; inputs: -1; note: int vs unsigned int: the int operand is converted to unsigned, -1 > 5u */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  unsigned int b = 5;
  if (a < 0 && a > b) reach_error();
  return 0;
}
