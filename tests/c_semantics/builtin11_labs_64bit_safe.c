/* expected: true; inputs: ; note: labs of a 64-bit long (LONG_MIN excluded) is non-negative and keeps the magnitude */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern long labs(long);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(x != -9223372036854775807L - 1);
  if (labs(x) < 0) reach_error();
  if (x < -3000000000L && labs(x) <= 3000000000L) reach_error();
  return 0;
}
