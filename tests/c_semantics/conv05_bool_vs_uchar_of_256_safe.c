/* expected: true; inputs: ; note: a non-zero multiple of 256 converts to _Bool 1 but to unsigned char 0 */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x != 0 && x % 256 == 0);
  _Bool b = x;
  unsigned char c = x;
  if (b == c) reach_error();
  return 0;
}
