/* expected: true; inputs: ; note: unsigned long is 32 bits under ILP32 (4294967295 + 1 == 0) and 64 bits under LP64 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(x == 4294967295UL);
  x = x + 1;
  if (x == 0) reach_error();
  return 0;
}
