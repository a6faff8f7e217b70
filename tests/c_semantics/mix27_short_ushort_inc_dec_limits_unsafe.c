/* expected: false; inputs: 32767; note: s++ at 32767 gives -32768 (gcc conversion modulo 2^16); us-- in unsigned short */
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  unsigned short us = s;
  s++;
  us--;
  if (s < 0 && us == 32766) reach_error();
  return 0;
}
