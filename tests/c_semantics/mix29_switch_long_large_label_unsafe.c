/* expected: false; inputs: 4294967296; note: switch on a 64-bit long compares all 64 bits; case 4294967296L is distinct from case 0 */
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long l = __VERIFIER_nondet_long();
  int r = 0;
  switch (l) {
    case 4294967296L: r = 1; break;
    case 0: r = 2; break;
    default: r = 3;
  }
  if (r == 1 && (int)l == 0) reach_error();
  if (r == 2 && l != 0) reach_error();
  return 0;
}
