/* expected: false; inputs: 5; note: in x>0 ? (c++, x>10 ? c+=5 : c--) : ..., c-- yields the incremented value 1 and leaves c at 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int c = 0;
  int r = x > 0 ? (c++, x > 10 ? c += 5 : c--) : (x < 0 ? ++c : c);
  if (r == 1 && c == 0) reach_error();
  return 0;
}
