/* expected: false; inputs: 4; note: *pp = &y redirects p through pp = &p; **pp then writes the variable p now points to */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 0, y = 0;
  int *p = &x;
  int **pp = &p;
  if (__VERIFIER_nondet_int() == 4) *pp = &y;
  **pp = 5;
  if (y == 5 && x == 0) reach_error();
  return 0;
}
