/* expected: true; inputs: ; note: 1 & b is 0 or 1, never 5 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int c = a & b;
  if (a == 1 && c == 5) reach_error();
  return 0;
}
