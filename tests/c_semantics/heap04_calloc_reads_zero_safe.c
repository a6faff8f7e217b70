/* expected: true; inputs: ; note: every element of calloc(3, sizeof(int)) reads as zero */
extern void *calloc(unsigned long n, unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = calloc(3, sizeof(int));
  if (p == 0) return 0;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (p[i] != 0) reach_error();
  return 0;
}
