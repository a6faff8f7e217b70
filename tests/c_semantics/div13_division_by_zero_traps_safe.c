/* expected: true; inputs: ; note: x86 division by zero stops the program (SIGFPE) before the check */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int b = __VERIFIER_nondet_int();
  int q = 10 / b;
  if (b == 0) reach_error();
  return q;
}
