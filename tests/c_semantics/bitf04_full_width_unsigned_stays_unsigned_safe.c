/* expected: true; inputs: ; note: a 32-bit unsigned int bit-field does not fit in int, so it promotes to unsigned int: s.w - 1 is never negative */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

struct S {
  unsigned int w : 32;
  unsigned int v : 31;
};

int main(void) {
  struct S s;
  s.w = __VERIFIER_nondet_uint();
  s.v = s.w;
  if (s.w - 1 < 0 || s.v - 1 >= 0 && s.v == 0) reach_error();
  return 0;
}
