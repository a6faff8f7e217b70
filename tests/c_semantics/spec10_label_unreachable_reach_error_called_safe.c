/* expected: true; inputs: ; note: label property: ERROR is unreachable; the call of reach_error is not the target here */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c == 0) reach_error();
  if (c > 255) {
  ERROR:
    return 1;
  }
  return 0;
}
