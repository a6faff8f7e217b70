/* expected: false; inputs: 13; note: the value of an assignment to a bit-field is the value stored, 13 mod 8 = 5, and s.u++ yields the old value */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S {
  unsigned u : 3;
};

int main(void) {
  struct S s;
  int v = __VERIFIER_nondet_int();
  int r = (s.u = v);
  int old = s.u++;
  if (v == 13 && r == 5 && old == 5 && s.u == 6) reach_error();
  return 0;
}
