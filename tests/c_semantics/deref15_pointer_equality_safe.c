/* expected: true; inputs: ; note: pointers to the same object compare equal, pointers to different objects unequal */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 0, y = 0;
  int *p = &x, *q = &y, *r = &x;
  int c = __VERIFIER_nondet_int();
  int *s = c ? &x : &y;
  if (p == q || p != r) reach_error();
  if ((s == p) != (c != 0) || (s != q) != (c != 0)) reach_error();
  return 0;
}
