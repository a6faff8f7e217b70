/* expected: false; inputs: -1 -1000; note: x * 1000 == y < 0 has inputs that overflow and inputs that do not; only the latter are a counterexample */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x * 1000 == y && y < 0) reach_error();
  return 0;
}
