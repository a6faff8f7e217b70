/* expected: false; inputs: 4294967297; note: returning a 64-bit long from an int function truncates: 2^32 + 1 -> 1 */
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int f(long v) { return v; }
int main(void) {
  long v = __VERIFIER_nondet_long();
  if (v > 4294967295L && f(v) == 1) reach_error();
  return 0;
}
