/* expected: true; inputs: ; note: typeof (c) declares an unsigned char, so any int stored in it is reduced modulo 256 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned char c = 1;
  typeof(c) d = __VERIFIER_nondet_int();
  if (d > 255) reach_error();
  return 0;
}
