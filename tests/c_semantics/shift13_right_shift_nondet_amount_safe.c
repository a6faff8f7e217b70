/* expected: true; inputs: ; note: x >> n never exceeds x for unsigned x and n in [0, 31] */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 32);
  if ((x >> n) > x) reach_error();
  return 0;
}
