/* expected: false; inputs: 2147483647; note: __builtin_add_overflow(INT_MAX, 1, &r) returns 1 and stores the wrapped INT_MIN */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int r;
  int x = __VERIFIER_nondet_int();
  if (__builtin_add_overflow(x, 1, &r) && r == -2147483647 - 1) reach_error();
  return 0;
}
