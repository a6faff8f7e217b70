/* expected: false; inputs: 4294967296; note: __VERIFIER_nondet_ulong() exceeds 2^32 - 1 only under LP64 */
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long u = __VERIFIER_nondet_ulong();
  if (u > 4294967295UL) reach_error();
  return 0;
}
