/* expected: true; note: 0 < x < 1000 and 0 <= y < 1000: x * y + x cannot overflow, so it is never negative */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 1000 && y >= 0 && y < 1000);
  if (x * y + x < 0) reach_error();
  return 0;
}
