/* expected: true; inputs: ; note: -uc is a non-positive int, while -u of a nonzero unsigned int is a positive unsigned value */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned char uc = __VERIFIER_nondet_uchar();
  unsigned int u = __VERIFIER_nondet_uint();
  if (-uc > 0) reach_error();
  if (u != 0 && -u <= 0) reach_error();
  unsigned short us = uc;
  if (-us + uc != 0) reach_error();
  return 0;
}
