/* expected: false; inputs: 0; note: under ILP32 (unsigned int) p is as wide as a pointer: (unsigned int) p == (unsigned int) q compares the pointers, true when p = &b was chosen */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = 1, b = 2;
  int c = __VERIFIER_nondet_int();
  int *p = c ? &a : &b;
  int *q = &b;
  if ((unsigned int) p == (unsigned int) q) {
    if (*p == 2 && a == 1) reach_error();
  }
  return 0;
}
