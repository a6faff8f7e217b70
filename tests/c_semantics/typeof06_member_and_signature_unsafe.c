/* expected: false; inputs: 265; note: typeof in a struct member, a return type and a parameter type: g () returns unsigned char, so the member n keeps 265 mod 256 = 9 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int count;
unsigned char g(void) { return 7; }
struct S {
  typeof(count) m;
  typeof(g()) n;
};
typeof(g()) h(typeof(count) k) { return k; }

int main(void) {
  struct S s;
  int v = __VERIFIER_nondet_int();
  s.n = v;
  s.m = v;
  if (s.n == 9 && h(v) == 9 && s.m == 265) reach_error();
  return 0;
}
