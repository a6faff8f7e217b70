/* expected: true; inputs: ; note: y %= 3u on a negative int computes (2^32 + y) % 3, never negative */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x >= 0) return 0;
  int y = x;
  y %= 3u;
  if (y < 0 || y > 2) reach_error();
  if ((x + 1 - y) % 3 != 0) reach_error();
  return 0;
}
