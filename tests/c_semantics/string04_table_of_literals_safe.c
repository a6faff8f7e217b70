/* expected: true; inputs: ; note: a global array of pointers to string literals: each literal keeps its own characters and final zero, and sizeof of a literal counts the zero */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

const char *names[] = { "zero", "one", "two" };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  if (names[k][1] == 'x' || names[k][3 + (k == 0)] != 0 || sizeof "zero" != 5) reach_error();
  return 0;
}
