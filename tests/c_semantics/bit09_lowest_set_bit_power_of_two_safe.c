/* expected: true; inputs: ; note: x & -x is 0 or a power of two (INT_MIN included, with wrapping) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x & -x;
  if (y != 0 && (y & (y - 1)) != 0) reach_error();
  return 0;
}
