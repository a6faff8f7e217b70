/* expected: true; inputs: ; note: an anonymous union's members are members of the struct: the bytes written through s.b are read back through s.w (little-endian), and s.tag after it is untouched */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int tag; union { unsigned int w; unsigned char b[4]; }; int after; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 255) return 0;
  struct S s = { 7, { 0 }, 9 };
  s.b[0] = (unsigned char) k;
  s.b[3] = 1;
  if (s.w != 0x01000000u + (unsigned int) k || s.tag != 7 || s.after != 9) reach_error();
  return 0;
}
