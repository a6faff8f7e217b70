/* expected: true; inputs: ; note: nested unions and structs: a struct member of a union overlays its bytes in layout order */
extern void reach_error(void);
struct P { unsigned char lo; unsigned char hi; unsigned short rest; };
union V { struct P p; unsigned int all; union { unsigned short half[2]; } h; };
struct Box { int tag; union V v; };
int main(void) {
  struct Box b = { 1, { { 1, 2, 3 } } };
  if (b.v.all != 0x00030201u) reach_error();
  b.v.h.half[0] = 0x1234;
  if (b.v.p.lo != 0x34 || b.v.p.hi != 0x12 || b.v.p.rest != 3) reach_error();
  struct Box c = b;
  c.v.all++;
  if (c.v.p.lo != 0x35 || b.v.p.lo != 0x34) reach_error();
  return 0;
}
