/* expected: false; inputs: 4; note: (*fp)(x) and fp(x) call the same function: both give triple(4) == 12 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int triple(int v) {
  return v * 3;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int (*fp)(int) = &triple;
  int r1 = (*fp)(x);
  int r2 = fp(x);
  if (r1 == 12 && r2 == 12) reach_error();
  return 0;
}
