/* expected: false; inputs: 2147483648; note: an unsigned nondet value above INT_MAX stored into int is negative */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  int x = __VERIFIER_nondet_uint();
  if (x < 0) reach_error();
  return 0;
}
