/* expected: false; inputs: 65536 65536; note: int * int computed exactly into long long never overflows; 65536 * 65536 == 2^32 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  long long r;
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (!__builtin_mul_overflow(a, b, &r) && r > 2147483647LL) reach_error();
  return 0;
}
