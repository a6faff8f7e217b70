/* expected: false; inputs: 2; note: a _Bool bit-field converts like a _Bool: 2 stored is 1, not 2 mod 2 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S {
  _Bool b : 1;
  unsigned char c : 4;
};

int main(void) {
  struct S s;
  int v = __VERIFIER_nondet_int();
  s.b = v;
  s.c = v;
  if (s.b == 1 && s.c == 2) reach_error();
  return 0;
}
