/* expected: false; inputs: 4; note: function pointers compared as (unsigned long) fp == (unsigned long) dbl (CIL's spelling) decide the branch: fp is dbl for x <= 5, dbl(4) == 8 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int inc(int v) {
  return v + 1;
}

int dbl(int v) {
  return 2 * v;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int (*fp)(int) = x > 5 ? inc : dbl;
  if ((unsigned long) fp == (unsigned long) dbl) {
    if (fp(x) == 8) reach_error();
  } else if ((unsigned long) fp != (unsigned long) inc) {
    reach_error();
  }
  return 0;
}
