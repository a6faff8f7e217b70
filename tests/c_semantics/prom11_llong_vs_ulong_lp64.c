/* expected: true; inputs: ; note: long long vs unsigned long: LP64 converts both to unsigned long long; ILP32 compares as long long */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  long long a = __VERIFIER_nondet_int();
  unsigned long b = 1;
  if (a < 0 && a < b) reach_error();
  return 0;
}
