/* expected: true; inputs: ; note: two fields of one struct hold their own values */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int main(void) {
  struct P s;
  int n = __VERIFIER_nondet_int();
  s.x = n;
  s.y = n + 1;
  if (s.y - s.x != 1) reach_error();
  return 0;
}
