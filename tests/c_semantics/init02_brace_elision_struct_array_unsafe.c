/* expected: false; inputs: ; note: struct p ps[2] = {1, 2, 3, 4} gives each struct two of the items: ps[1].x is 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct p { int x, y; };
struct p ps[2] = {1, 2, 3, 4};
int main(void) {
  if (ps[1].x == 3 && ps[0].y == 2) reach_error();
  return 0;
}
