/* expected: true; inputs: ; note: adding ULLONG_MAX subtracts 1 modulo 2^64 */
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulong();
  unsigned long long b = a + 18446744073709551615ULL;
  if (a != 0 && b != a - 1) reach_error();
  if (a == 0 && b != 18446744073709551615ULL) reach_error();
  return 0;
}
