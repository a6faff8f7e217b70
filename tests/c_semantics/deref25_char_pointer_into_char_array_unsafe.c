/* expected: false; inputs: 100; note: p = &s[1] into a char array: *p writes s[1], p[1] and p[-1] are its neighbours */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char s[4] = {'a', 'b', 'c', 0};
  char *p = &s[1];
  *p = __VERIFIER_nondet_char();
  if (s[1] == 'd' && p[1] == 'c' && p[-1] == 'a') reach_error();
  return 0;
}
