/* expected: true; inputs: ; note: p = c ? &x : &y; a write through p changes exactly the chosen variable */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 1, y = 2;
  int c = __VERIFIER_nondet_int();
  int *p = c ? &x : &y;
  *p = 0;
  if (c && (x != 0 || y != 2)) reach_error();
  if (!c && (x != 1 || y != 0)) reach_error();
  return 0;
}
