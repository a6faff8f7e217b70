/* expected: true; inputs: ; note: an array of structs filled in a loop: x + y == 0 in every element */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
int main(void) {
  struct P pts[4];
  for (int k = 0; k < 4; k++) {
    pts[k].x = k;
    pts[k].y = -k;
  }
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 4) return 0;
  if (pts[j].x + pts[j].y != 0) reach_error();
  return 0;
}
