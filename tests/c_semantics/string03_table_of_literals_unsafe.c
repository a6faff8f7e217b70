/* expected: false; inputs: 2; note: a global array of pointers to string literals: names[2][1] is the 'w' of "two" */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

const char *names[] = { "zero", "one", "two" };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  if (names[k][1] == 'w') reach_error();
  return 0;
}
