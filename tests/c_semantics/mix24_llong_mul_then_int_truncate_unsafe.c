/* expected: false; inputs: 100000 100000; note: (long long)a * b does not overflow; converting 10^10 to int keeps the low 32 bits 1410065408 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 50000 || b < 50000 || a > 100000 || b > 100000) return 0;
  long long p = (long long)a * b;
  int q = (int)p;
  if (p > 2147483647LL && q == 1410065408) reach_error();
  return 0;
}
