/* expected: true; inputs: ; note: universal character names in narrow string literals are UTF-8 bytes: "\u20ac" has 3 bytes before its zero, "\U0001F600" 4, and '\u00e9' is the multi-character constant 0xc3a9 of its two bytes */
extern void reach_error(void);
int main(void) {
  const char *e = "\u20ac", *g = "\U0001F600";
  int n = 0;
  while (g[n] != 0) n++;
  if (sizeof "\u20ac" != 4 || e[0] != '\xe2' || e[2] != '\xac' || n != 4 || '\u00e9' != 0xc3a9) reach_error();
  return 0;
}
