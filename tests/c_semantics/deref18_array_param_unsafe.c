/* expected: false; inputs: 3; note: a parameter declared int a[4] is a pointer: set(b, i, 8) writes the caller's array */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void set(int a[4], int i, int v) {
  a[i] = v;
}

int main(void) {
  int b[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  set(b, i, 8);
  if (b[3] == 8) reach_error();
  return 0;
}
