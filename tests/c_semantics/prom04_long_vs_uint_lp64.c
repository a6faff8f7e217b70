/* expected: true; inputs: ; note: long vs unsigned int: LP64 compares as long; ILP32 converts both to unsigned long */
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long a = __VERIFIER_nondet_long();
  unsigned int b = 1;
  if (a < 0 && a > b) reach_error();
  return 0;
}
