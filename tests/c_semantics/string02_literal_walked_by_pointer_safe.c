/* expected: true; inputs: ; note: a string literal used as a value is a char array of static storage with a final zero: a loop through a pointer counts exactly its 5 characters */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int length(const char *s) { int n = 0; while (s[n]) n++; return n; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  const char *m = "hello";
  if (length(m) != 5 || m[k % 5] == 0) reach_error();
  return 0;
}
