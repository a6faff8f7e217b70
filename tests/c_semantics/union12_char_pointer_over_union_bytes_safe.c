/* expected: true; inputs: ; note: a char pointer walking a union's char array member reads the bytes of the int member, little-endian */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { int i; unsigned char c[4]; };
int main(void) {
  union U u;
  u.i = __VERIFIER_nondet_int();
  unsigned char *p = u.c;
  unsigned int sum = 0;
  for (int k = 3; k >= 0; k--) sum = sum * 256u + p[k];
  if (sum != (unsigned int)u.i) reach_error();
  return 0;
}
