/* expected: false; inputs: 4294967295; note: UINT_MAX + 1 == 0 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = a + 1;
  if (b < a) reach_error();
  return 0;
}
