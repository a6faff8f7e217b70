/* expected: true; inputs: ; note: 0x80000000 is unsigned int, so -0x80000000 is 2147483648, which no int equals when compared as long */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  long y = __VERIFIER_nondet_int();
  if (y == -0x80000000) reach_error();
  long x = -0x80000000;
  if (x < 0) reach_error();
  return 0;
}
