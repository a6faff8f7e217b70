/* expected: true; inputs: ; note: a 3-bit int bit-field (signed with gcc) holds -4..3: any int stored is reduced modulo 8 into that range */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S {
  int i : 3;
  int j : 5;
};

int main(void) {
  struct S s;
  s.i = __VERIFIER_nondet_int();
  s.j = s.i;
  if (s.i < -4 || s.i > 3 || s.j != s.i) reach_error();
  return 0;
}
