/* expected: true; inputs: ; note: unsigned right shift fills with zeros */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if ((x >> 31) > 1) reach_error();
  if ((x >> 1) > 2147483647u) reach_error();
  return 0;
}
