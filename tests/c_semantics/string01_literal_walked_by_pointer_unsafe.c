/* expected: false; inputs: 3; note: a string literal used as a value is a char array of static storage: a loop counts the 5 characters of "hello" through a pointer, so 5 + k == 8 for k = 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int length(const char *s) { int n = 0; while (s[n]) n++; return n; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  const char *m = "hello";
  if (length(m) + k == 8) reach_error();
  return 0;
}
