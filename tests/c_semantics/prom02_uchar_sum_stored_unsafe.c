/* expected: false; inputs: 200 100; note: the int sum 300 is converted back to unsigned char (44) at the assignment */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  unsigned char b = __VERIFIER_nondet_uchar();
  unsigned char s = a + b;
  if (s < a) reach_error();
  return 0;
}
