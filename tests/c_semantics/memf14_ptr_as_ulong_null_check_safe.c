/* expected: true; inputs: ; note: (unsigned long) p != (unsigned long) ((void *) 0), CIL's null test, holds exactly when p is &x; (unsigned long) p == (unsigned long) q compares data pointers */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 3, y = 4;
  int c = __VERIFIER_nondet_int();
  int *p = c > 0 ? &x : (int *) 0;
  int *q = c > 0 ? &x : &y;
  if ((unsigned long) p != (unsigned long) ((void *) 0)) *p = 5;
  if ((unsigned long) p == (unsigned long) q) {
    if (x != 5 || c <= 0) reach_error();
  } else if (x != 3 || c > 0) {
    reach_error();
  }
  if (y != 4) reach_error();
  return 0;
}
