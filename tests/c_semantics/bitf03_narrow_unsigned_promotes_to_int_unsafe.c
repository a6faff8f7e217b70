/* expected: false; inputs: 8; note: an unsigned bit-field narrower than int promotes to int, so s.u - 1 is -1 when s.u is 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S {
  unsigned int u : 3;
};

int main(void) {
  struct S s;
  s.u = __VERIFIER_nondet_int();
  if (s.u - 1 < 0) reach_error();
  return 0;
}
