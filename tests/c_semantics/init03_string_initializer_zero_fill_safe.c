/* expected: true; inputs: ; note: char s[6] = "ab" stores a, b and zeros up to the end of the array */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char s[6] = "ab";
  if (s[0] != 97 || s[1] != 98 || s[2] != 0 || s[5] != 0) reach_error();
  return 0;
}
