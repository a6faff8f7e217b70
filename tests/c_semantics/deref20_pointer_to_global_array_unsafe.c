/* expected: false; inputs: 2; note: p = &ga[1] into a zero-initialised global array: p[2] is ga[3] */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int ga[4];

int main(void) {
  int *p = &ga[1];
  int i = __VERIFIER_nondet_int();
  if (i < -1 || i > 2) return 0;
  p[i] = 7;
  if (ga[3] == 7 && ga[0] == 0) reach_error();
  return 0;
}
