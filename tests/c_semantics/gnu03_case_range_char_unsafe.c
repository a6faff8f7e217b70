/* expected: false; inputs: 109; note: GNU case 'a' ... 'z': selects every character from 97 to 122 (and -3 ... 3 the small ones) */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  int k = 0;
  switch (c) {
  case -3 ... 3: k = 1; break;
  case 'a' ... 'z': k = 2; break;
  default: k = 4;
  }
  if (k == 1 && (c < -3 || c > 3)) reach_error();
  if (k == 2 && c == 109) reach_error();
  return 0;
}
