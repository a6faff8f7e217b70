/* expected: false; inputs: 2147483648; note: assignment of unsigned 2^31 to int gives INT_MIN (gcc: modulo 2^32) */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  int i;
  i = u;
  if (u > 0 && i < 0) reach_error();
  return 0;
}
