/* expected: false; inputs: 4294967295; note: under ILP32 __VERIFIER_nondet_ulong() reaches ULONG_MAX == 2^32 - 1 */
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long u = __VERIFIER_nondet_ulong();
  if (u == 4294967295UL) reach_error();
  return 0;
}
