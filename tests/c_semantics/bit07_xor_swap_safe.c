/* expected: true; inputs: ; note: three xors swap two unsigned values */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  unsigned int a0 = a, b0 = b;
  a ^= b;
  b ^= a;
  a ^= b;
  if (a != b0 || b != a0) reach_error();
  return 0;
}
