/* expected: false; inputs: 300; note: typeof (c + 0) is int (the operand is promoted), so 300 is kept */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned char c = 1;
  __typeof__(c + 0) e = __VERIFIER_nondet_int();
  if (e == 300) reach_error();
  return 0;
}
