/* expected: false; inputs: 9; note: a 3-bit unsigned bit-field keeps its value modulo 8: 9 stored reads back as 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S {
  unsigned u : 3;
  unsigned rest : 29;
};

int main(void) {
  struct S s = {0, 0};
  int v = __VERIFIER_nondet_int();
  if (v > 7) {
    s.u = v;
    if (s.u == 1) reach_error();
  }
  return 0;
}
