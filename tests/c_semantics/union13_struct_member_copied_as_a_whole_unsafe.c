/* expected: false; inputs: 1; note: a struct member of a union copied as a whole, passed and returned by value, and stored back: member by member, at the members' offsets in the bytes */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct P { unsigned char lo; short hi; };
union W { unsigned int i; struct P s; unsigned char c[4]; };
struct P flip(struct P p) { struct P r = { (unsigned char)p.hi, p.lo }; return r; }
int main(void) {
  union W v, w;
  v.i = 0x11223344u;
  w.i = 0;
  w.s = v.s;
  struct P t = flip(w.s);
  v.s = t;
  int x = __VERIFIER_nondet_int();
  if (x == 1 && w.c[0] == 0x44 && w.s.hi == 0x1122 && v.s.lo == 0x22 && v.s.hi == 0x44) reach_error();
  return 0;
}
