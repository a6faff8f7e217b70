/* expected: false; inputs: 5; note: pointers to a union and into it: a store through a pointer to one member's member changes the bytes the other members read */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { unsigned int w; unsigned char c[4]; struct { unsigned short lo, hi; } h; };
void set_hi(unsigned short *p, int v) { *p = v; }
int main(void) {
  union U u;
  union U *p = &u;
  p->w = 0x11223344u;
  set_hi(&u.h.hi, __VERIFIER_nondet_int());
  unsigned char *b = &u.c[1];
  if (*b == 0x33 && u.w == 0x00053344u && p->c[2] == 5) reach_error();
  return 0;
}
