/* expected: false; inputs: 0; note: storing 300 into an unsigned char element keeps 300 mod 256 = 44 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned char b[3];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  b[i] = 300;
  if (b[i] == 44) reach_error();
  return 0;
}
