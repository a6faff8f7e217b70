/* expected: false; inputs: 4096; note: storing s << 4 into unsigned short drops the high bits */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short s = __VERIFIER_nondet_ushort();
  unsigned short u = s << 4;
  u = u >> 4;
  if (u != s) reach_error();
  return 0;
}
