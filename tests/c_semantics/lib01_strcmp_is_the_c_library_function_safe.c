/* expected: true; inputs: ; note: strcmp has no body here but is the C library's: "ab" sorts before "ac", so the result is negative (a replay must call the real strcmp, not serve its result as an input) */
extern void reach_error(void);
extern int strcmp(const char *, const char *);
int main(void) {
  if (strcmp("ab", "ac") >= 0) reach_error();
  return 0;
}
