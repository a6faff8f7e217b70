/* expected: true; inputs: ; note: a nondet unsigned int stored into unsigned long is zero-extended */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned long ul = __VERIFIER_nondet_uint();
  if (ul > 4294967295UL) reach_error();
  return 0;
}
