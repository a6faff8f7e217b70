/* expected: true; inputs: ; note: a nondet value stored into a union member, read back through an array of structs inside the union at an input index */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
struct Pair { unsigned char a; unsigned char b; };
union U { struct Pair p[2]; unsigned int w; };
int main(void) {
  union U u;
  u.w = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1) return 0;
  u.p[x].b = __VERIFIER_nondet_uchar();
  unsigned char b = u.p[x].b;
  if (((u.w >> (16 * x + 8)) & 0xff) != b) reach_error();
  return 0;
}
