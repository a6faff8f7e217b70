/* expected: false; inputs: 3; note: p and q point to the same variable: a write through one is seen through the other (3 * 2 + 1 == 7) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int *p = &x;
  int *q = p;
  *p = *p * 2;
  *q = *q + 1;
  if (*p == 7) reach_error();
  return 0;
}
