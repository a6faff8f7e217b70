/* expected: true; inputs: ; note: x % 3ul converts a negative x to 2^64 + x; since 2^64 mod 3 = 1 the remainder is (x + 1) mod 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x >= 0) return 0;
  unsigned long r = x % 3ul;
  if (r > 2) reach_error();
  if (r != (unsigned long)((x % 3 + 4) % 3)) reach_error();
  return 0;
}
