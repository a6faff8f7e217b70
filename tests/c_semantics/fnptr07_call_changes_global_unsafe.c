/* expected: false; inputs: 3; note: a call through fp = bump changes the global g, seen after the call: g = 10 + 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int g = 10;

void bump(int v) {
  g = g + v;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  void (*fp)(int) = bump;
  fp(x);
  if (g == 13) reach_error();
  return 0;
}
