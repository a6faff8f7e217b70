/* expected: false; inputs: -1; note: x / 3u converts x to unsigned first: -1 / 3u == 1431655765 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int q = x / 3u;
  if (x < 0 && q > 1000) reach_error();
  return 0;
}
