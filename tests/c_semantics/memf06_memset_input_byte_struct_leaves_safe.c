/* expected: true; inputs: ; note: memset(&s, c, sizeof s) repeats the byte (unsigned char) c in every member: b == 257 * a, w == 16843009 * a, l is 8 such bytes, d == (signed char) c */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct T { unsigned char a; unsigned short b; unsigned int w; signed char d; long l; };

int main(void) {
  struct T s;
  int c = __VERIFIER_nondet_int();
  memset(&s, c, sizeof s);
  if (s.a != (unsigned char) c || s.d != (signed char) c) reach_error();
  if (s.b != 257u * s.a || s.w != 16843009u * s.a) reach_error();
  if (s.l != (long) (0x0101010101010101UL * s.a)) reach_error();
  return 0;
}
