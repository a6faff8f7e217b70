/* expected: false; inputs: -7; note: -7 / 2 == -3 and -7 % 2 == -1 (truncation toward zero) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x / 2 == -3 && x % 2 != 0) reach_error();
  return 0;
}
