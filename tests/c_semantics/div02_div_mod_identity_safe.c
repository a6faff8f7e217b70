/* expected: true; inputs: ; note: (x / y) * y + x % y == x for all y != 0 (INT_MIN / -1 excluded: it traps on x86) */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(y != 0);
  __VERIFIER_assume(x != -2147483647 - 1 || y != -1);
  if ((x / y) * y + x % y != x) reach_error();
  return 0;
}
