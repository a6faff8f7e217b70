/* expected: true; inputs: ; note: octal/hex literals that do not fit int are unsigned int; 0x8000000000000000 is unsigned long; gcc binary literals */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (037777777777 < 0) reach_error();
  if (0xFFFFFFFF < 0) reach_error();
  if (0x8000000000000000 < 0) reach_error();
  if (0b1010 != 10 || 017 != 15) reach_error();
  if (k == -1 && k != 037777777777) reach_error();
  if (k < 037777777777 && k == -1) reach_error();
  long l = k;
  if (l == 037777777777) reach_error();
  return 0;
}
