/* expected: true; inputs: ; note: int * to void * and back gives the same pointer; writes through it reach x */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  void *v = &x;
  int *p = v;
  if (p != &x || *p != x) reach_error();
  *p = 4;
  if (x != 4) reach_error();
  return 0;
}
