/* expected: false; inputs: -1; note: a negative int argument becomes a large unsigned char parameter: -1 -> 255 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int g(unsigned char c) { return c; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && g(x) == 255) reach_error();
  return 0;
}
