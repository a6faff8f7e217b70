/* expected: true; inputs: ; note: x < 2^16 shifted left by 15 stays below 2^31 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 65536);
  if ((x << 15) < 0) reach_error();
  return 0;
}
