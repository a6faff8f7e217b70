/* expected: false; inputs: 3; note: C leaves open whether two equal string literals are one array (C11 6.4.5p7); gcc makes them one, so p == q (a verifier must not answer true) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  const char *p = "abc";
  const char *q = "abc";
  if (p == q && k == 3) reach_error();
  return 0;
}
