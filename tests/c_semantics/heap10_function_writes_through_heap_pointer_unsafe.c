/* expected: false; inputs: 4; note: a malloc'd pointer passed to set(q, v) is written by the callee: *q = 4 * 2 */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void set(int *q, int v) {
  *q = v * 2;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  *p = 0;
  set(p, x);
  if (*p == 8) reach_error();
  return 0;
}
