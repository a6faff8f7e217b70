/* expected: false; inputs: ; note: a union given a scalar without braces initialises its first member: an earlier value of that member's other fields stays, a value of another member is gone */
extern void reach_error(void);
struct I { int x, y; };
union V { struct I b; int a; };
struct W { union V v; int z; };
int main(void) {
  struct W w = {.v.b.y = 4, .v = 2};
  struct W w2 = {.v.a = 9, .v = 2};
  if (w.v.b.x == 2 && w.v.b.y == 4 && w2.v.b.x == 2 && w2.v.b.y == 0) reach_error();
  return 0;
}
