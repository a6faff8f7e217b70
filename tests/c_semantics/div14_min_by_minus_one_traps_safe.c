/* expected: true; inputs: ; note: INT_MIN % -1 traps on x86 (idiv overflow, SIGFPE) even with -fwrapv */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int r = a % b;
  if (a == -2147483647 - 1 && b == -1) reach_error();
  return r;
}
