/* expected: false; inputs: 2; note: a universal character name in a narrow string literal is its UTF-8 bytes (gcc's execution character set): "\u00e9" is the two chars 0xc3 0xa9, so sizeof is 3 and s[1] is (char) 0xa9 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  const char *s = "\u00e9";
  if (sizeof "\u00e9" == 3 && s[1] == '\xa9' && s[k] == 0) reach_error();
  return 0;
}
