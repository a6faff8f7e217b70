/* expected: true; inputs: ; note: x & 0xF0 is a multiple of 16 in [0, 240] */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if ((x & 0xF0u) > 240u) reach_error();
  if ((x & 0xF0u) % 16 != 0) reach_error();
  return 0;
}
