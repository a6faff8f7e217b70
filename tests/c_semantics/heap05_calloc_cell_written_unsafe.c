/* expected: false; inputs: 1 5; note: one element of a calloc'd array is written; the others stay zero */
extern void *calloc(unsigned long n, unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = calloc(3, sizeof(int));
  if (p == 0) return 0;
  int i = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  p[i] = v;
  if (p[0] == 0 && p[1] == 5 && p[2] == 0) reach_error();
  return 0;
}
