/* expected: false; inputs: 9; note: __builtin_expect(e, c) has the value of e */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_expect(x == 9, 0)) reach_error();
  return 0;
}
