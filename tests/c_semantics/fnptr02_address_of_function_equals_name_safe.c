/* expected: true; inputs: ; note: a = twice and b = &twice are the same pointer: a == b, and a(x) == b(x) == twice(x) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int twice(int v) {
  return v * 2;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int (*a)(int) = twice;
  int (*b)(int) = &twice;
  if (a != b) reach_error();
  if (a != &twice) reach_error();
  int ra = a(x);
  int rb = b(x);
  if (ra != rb) reach_error();
  if (ra != twice(x)) reach_error();
  return 0;
}
