/* expected: false; inputs: 2; note: memset(ps, 0, sizeof ps) zeroes an array of structs and returns ps: q[i].y = 7 writes ps[i].y, every other member is 0 */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; short y; char z; };

int main(void) {
  struct P ps[3];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  ps[0].x = i;
  ps[2].y = 5;
  ps[1].z = 1;
  ps[2].x = 2;
  struct P *q = memset(ps, 0, sizeof ps);
  q[i].y = 7;
  if (ps[2].y + ps[0].x + ps[1].z + ps[2].x == 7) reach_error();
  return 0;
}
