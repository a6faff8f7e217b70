/* expected: false; inputs: -1; note: an int converted to unsigned long is sign-extended: -1 becomes 2^64 - 1 (LP64) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  unsigned long u = (unsigned long)k;
  if (u == 18446744073709551615ul) reach_error();
  return 0;
}
