/* expected: false; inputs: 1; note: a string literal for a char array may stand in braces (C11 6.7.9p14): char s[] = {"ab"} has 3 elements, t[4] = {"xy"} ends in zeros, and a member's {"q"} is its bytes */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct M { char n[3]; int k; };
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  char s[] = {"ab"};
  char t[4] = {"xy"};
  struct M m = {{"q"}, 5};
  if (sizeof(s) == 3 && s[i] == 'b' && t[1] == 'y' && t[3] == 0 && m.n[0] == 'q' && m.n[1] == 0 && m.k == 5)
    reach_error();
  return 0;
}
