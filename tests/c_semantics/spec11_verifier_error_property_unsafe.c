/* expected: false; inputs: 1; note: property G ! call(__VERIFIER_error()): the old SV-COMP error function is the target */
extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 1) __VERIFIER_error();
  return 0;
}
