/* expected: true; inputs: ; note: s * 2 stored back into unsigned short is even and at most 65534 */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short s = __VERIFIER_nondet_ushort();
  s = s * 2;
  if (s % 2 != 0) reach_error();
  if (s > 65534) reach_error();
  return 0;
}
