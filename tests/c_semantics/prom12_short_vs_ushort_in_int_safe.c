/* expected: true; inputs: ; note: short and unsigned short are both promoted to int: no unsigned comparison */
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  short s = __VERIFIER_nondet_short();
  unsigned short u = __VERIFIER_nondet_ushort();
  if (s < 0 && s > u) reach_error();
  return 0;
}
