/* expected: true; inputs: ; note: a write through p = &x changes x, whatever it held, and no other variable */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int y0 = y;
  int *p = &x;
  *p = 7;
  if (x != 7 || y != y0) reach_error();
  return 0;
}
