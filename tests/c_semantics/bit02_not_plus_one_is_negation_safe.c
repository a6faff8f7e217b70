/* expected: true; inputs: ; note: ~x + 1 == -x in two's complement (both wrap for INT_MIN) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (~x + 1 != -x) reach_error();
  return 0;
}
