/* expected: false; inputs: 2; note: char pointers into a union member's bytes and to the next struct member subtract by their byte offsets: t.y is 8 bytes in, t.u.c[2] is 6 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

union U { int i; char c[4]; };
struct T { int x; union U u; int y; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  struct T t;
  char *p = &t.u.c[k];
  char *q = (char *)&t.y;
  if (q - p == 2 && p > &t.u.c[0]) reach_error();
  return 0;
}
