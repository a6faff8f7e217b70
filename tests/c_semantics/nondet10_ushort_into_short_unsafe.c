/* expected: false; inputs: 32768; note: a nondet ushort 32768 stored into short is -32768 */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  short s = __VERIFIER_nondet_ushort();
  if (s < -30000) reach_error();
  return 0;
}
