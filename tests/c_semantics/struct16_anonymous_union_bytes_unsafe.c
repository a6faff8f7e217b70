/* expected: false; inputs: 18; note: an anonymous union's members are members of the struct: s.w is 0x01000012 after writing byte 0 = 18 and byte 3 = 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int tag; union { unsigned int w; unsigned char b[4]; }; int after; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 255) return 0;
  struct S s = { 7, { 0 }, 9 };
  s.b[0] = (unsigned char) k;
  s.b[3] = 1;
  if (s.w == 0x01000012u && s.tag == 7) reach_error();
  return 0;
}
