/* expected: true; inputs: ; note: 2863311531 is the inverse of 3 modulo 2^32 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = a * 3u;
  if (b * 2863311531u != a) reach_error();
  return 0;
}
