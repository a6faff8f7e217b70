/* expected: false; inputs: 3432638615; note: x ^ 0xDEADBEEF == 0x12345678 for x == 0xCC99E897 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if ((x ^ 0xDEADBEEFu) == 0x12345678u) reach_error();
  return 0;
}
