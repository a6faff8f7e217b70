/* expected: false; inputs: -4294967295; note: -1u is the unsigned int 4294967295, which converts to long (LP64), so l / -1u is a signed division by 4294967295 */
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long l = __VERIFIER_nondet_long();
  if (l / -1u == -1 && l < 0) reach_error();
  return 0;
}
