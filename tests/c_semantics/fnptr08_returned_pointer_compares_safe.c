/* expected: true; inputs: ; note: pick(c) returns a pointer to up or to down; it equals the chosen function and never the other */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int up(int v) {
  return v + 1;
}

int down(int v) {
  return v - 1;
}

int (*pick(int c))(int) {
  if (c) return up;
  return down;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int (*fp)(int) = pick(x > 0);
  if (up == down) reach_error();
  if (x > 0) {
    if (fp != up) reach_error();
    if (fp == down) reach_error();
    if (fp(x) != x + 1) reach_error();
  } else {
    if (fp != down) reach_error();
    if (fp == up) reach_error();
    if (fp(x) != x - 1) reach_error();
  }
  return 0;
}
