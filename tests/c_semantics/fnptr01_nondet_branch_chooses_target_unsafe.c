/* expected: false; inputs: 5; note: fp = x > 0 ? inc : dec, chosen by a nondet branch, decides which function runs: inc(5) == 6 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int inc(int v) {
  return v + 1;
}

int dec(int v) {
  return v - 1;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int (*fp)(int);
  if (x > 0) fp = inc;
  else fp = dec;
  int r = fp(x);
  if (r == 6) reach_error();
  return 0;
}
