/* expected: false; inputs: 4294967296; note: a long survives conversion to int only when long is 32 bits */
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  int y = x;
  if (x != y) reach_error();
  return 0;
}
