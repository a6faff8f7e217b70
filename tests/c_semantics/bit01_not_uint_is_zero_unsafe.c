/* expected: false; inputs: 4294967295; note: ~UINT_MAX == 0 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (~x == 0) reach_error();
  return 0;
}
