/* expected: true; inputs: ; note: (s << 4) >> 4 is computed in int: s comes back unchanged */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short s = __VERIFIER_nondet_ushort();
  unsigned short t = (s << 4) >> 4;
  if (t != s) reach_error();
  return 0;
}
