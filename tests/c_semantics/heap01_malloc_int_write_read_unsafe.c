/* expected: false; inputs: 7; note: a value written through a malloc'd int pointer is read back through it */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) return 0;
  *p = __VERIFIER_nondet_int();
  if (*p == 7) reach_error();
  return 0;
}
