/* expected: true; inputs: ; note: __builtin_expect returns its first argument whatever the expected value */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  long r = __builtin_expect(x, 5);
  if (r != x) reach_error();
  return 0;
}
