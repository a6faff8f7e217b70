/* expected: false; inputs: ; note: in struct I b[2] = {[1].y = 4, [0].x = 1, 0, 2} the item 2 reaches b[1] by position, without braces: it sets b[1].x and b[1].y keeps 4 */
extern void reach_error(void);
struct I { int x, y; };
struct O { struct I in; int z; };
int main(void) {
  struct I b[2] = {[1].y = 4, [0].x = 1, 0, 2};
  static struct O o[2] = {[1].in.y = 3, [1] = 2};
  if (b[1].x == 2 && b[1].y == 4 && b[0].y == 0 && o[1].in.x == 2 && o[1].in.y == 3)
    reach_error();
  return 0;
}
