/* expected: true; inputs: ; note: ++ on unsigned long long wraps only at 2^64 - 1, and -- undoes it */
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulong();
  unsigned long long y = x;
  y++;
  if (y < x && x != 18446744073709551615ull) reach_error();
  if (y == 0 && x != 0xFFFFFFFFFFFFFFFFull) reach_error();
  --y;
  if (y != x) reach_error();
  return 0;
}
