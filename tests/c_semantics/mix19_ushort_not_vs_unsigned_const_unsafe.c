/* expected: false; inputs: 65535; note: ~u of unsigned short is the int -u-1; compared with an unsigned int constant it converts to 2^32 - u - 1 */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
int main(void) {
  unsigned short u = __VERIFIER_nondet_ushort();
  if (~u > 0) return 0;
  if (~u == 0xFFFF0000u) reach_error();
  return 0;
}
