/* expected: false; inputs: 5 2; note: 5 | 2 == 5 ^ 2 == 7 and 5 & 2 == 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a == 5 && (a | b) == 7 && (a ^ b) == 7 && (a & b) == 0) reach_error();
  return 0;
}
