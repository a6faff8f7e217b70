/* expected: false; inputs: 7; note: mid passes the address of its local t to set, which writes it while t is alive: (7 + 1) * 2 == 16 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void set(int *p, int v) {
  *p = v + 1;
}

int mid(int v) {
  int t = 0;
  set(&t, v);
  return t * 2;
}

int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < -1000 || v > 1000) return 0;
  if (mid(v) == 16) reach_error();
  return 0;
}
