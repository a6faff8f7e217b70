/* expected: true; inputs: ; note: unsigned int to long: value kept under LP64; under ILP32 values above LONG_MAX wrap negative (gcc) */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  long l = u;
  if (l < 0) reach_error();
  return 0;
}
