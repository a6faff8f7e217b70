/* expected: false; inputs: 1; note: a char element holding 200 reads as -56 (char is signed on x86) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  char s[2] = {0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  s[i] = 200;
  if (s[i] < 0) reach_error();
  return 0;
}
