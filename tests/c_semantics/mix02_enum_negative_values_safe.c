/* expected: true; inputs: ; note: enum constants after a negative one count up; an enum with a negative constant is int */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
enum E { A = -3, B, C = 5, D, E2 = A + D, F = B * D };
int main(void) {
  int n = __VERIFIER_nondet_int();
  enum E e = n;
  if (B != -2 || D != 6 || E2 != 3 || F != -12) reach_error();
  if (n < 0 && e >= 0) reach_error();
  if (e + A != n - 3) reach_error();
  return 0;
}
