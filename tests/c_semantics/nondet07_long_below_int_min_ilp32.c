/* expected: true; inputs: ; note: __VERIFIER_nondet_long() goes below INT_MIN only under LP64 */
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  long long y = x;
  if (y < -2147483648LL) reach_error();
  return 0;
}
