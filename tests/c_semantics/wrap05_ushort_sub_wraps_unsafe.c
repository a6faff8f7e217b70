/* expected: false; inputs: 1; note: 1 - 2 stored into unsigned short is 65535 */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short s = __VERIFIER_nondet_ushort();
  s -= 2;
  if (s > 65533) reach_error();
  return 0;
}
