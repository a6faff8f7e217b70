/* expected: false; inputs: 4294967040; note: x & -256 converts -256 to unsigned 0xFFFFFF00: the result can be 0xFFFFFF00 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if ((x & -256) == 0xFFFFFF00u) reach_error();
  return 0;
}
