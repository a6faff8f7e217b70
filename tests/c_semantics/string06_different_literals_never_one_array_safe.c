/* expected: true; inputs: ; note: string literals whose bytes differ at every placement cannot share an array: "abc", "abd" and "xbc" are three, however a compiler lays them out */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  const char *p = "abc";
  const char *q = "abd";
  const char *r = "xbc";
  if ((p == q || p + 1 == r || q == r + 1) && k == 3) reach_error();
  return 0;
}
