/* expected: false; inputs: 200; note: storing an int into a char field converts it: 200 becomes -56 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct C { char c; int n; };
int main(void) {
  struct C s;
  s.n = __VERIFIER_nondet_int();
  s.c = s.n;
  if (s.n > 0 && s.c < 0) reach_error();
  return 0;
}
