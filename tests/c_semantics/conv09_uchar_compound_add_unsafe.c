/* expected: false; inputs: 250; note: c += 10 on unsigned char stores (c + 10) mod 256 */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  c += 10;
  if (c < 10) reach_error();
  return 0;
}
