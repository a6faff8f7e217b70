/* expected: true; inputs: ; note: bool is 0 or 1 and uchar at most 255: the sum is at most 256 */
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  unsigned char c = __VERIFIER_nondet_uchar();
  if (b + c > 256) reach_error();
  return 0;
}
