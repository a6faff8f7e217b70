/* expected: true; inputs: ; note: __VERIFIER_nondet_ushort() is in [0, 65535] */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short s = __VERIFIER_nondet_ushort();
  int x = s;
  if (x < 0 || x > 65535) reach_error();
  return 0;
}
