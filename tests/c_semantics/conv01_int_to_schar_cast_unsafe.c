/* expected: false; inputs: 128; note: (signed char)128 == -128 (gcc: modulo 2^8) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  signed char c = (signed char)x;
  if (x > 0 && c < 0) reach_error();
  return 0;
}
