/* expected: true; inputs: ; note: adding 2^32 in four wrapping steps gives x back */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 2147483647;
  y = y + 1;
  y = y + 2147483647;
  y = y + 1;
  if (y != x) reach_error();
  return 0;
}
