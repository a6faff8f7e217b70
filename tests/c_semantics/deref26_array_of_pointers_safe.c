/* expected: true; inputs: ; note: an array of pointers int *ps[3] to three variables; *ps[i] writes the i-th variable only */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = 1, b = 2, c = 3;
  int *ps[3] = {&a, &b, &c};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  *ps[i] = 10;
  if (*ps[i] != 10 || a + b + c != 6 - (i + 1) + 10) reach_error();
  return 0;
}
