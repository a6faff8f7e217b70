/* expected: true; inputs: ; note: a struct member of pointer type points to another variable; *r.ref writes that variable */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct R { int *ref; int k; };

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  struct R r = {&x, 0};
  *r.ref = 5;
  r.ref = &y;
  *r.ref = 6;
  r.k = x + y;
  if (x != 5 || y != 6 || r.k != 11) reach_error();
  return 0;
}
