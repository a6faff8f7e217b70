/* expected: false; inputs: 7; note: memset fills a struct with an anonymous union of an int and four unsigned chars: every byte is (unsigned char) k, so b[1] is 7 and c and a are 0x07070707 for k = 7 */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union { int c; unsigned char b[4]; }; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 255) return 0;
  struct S s;
  s.c = 5;
  memset(&s, k, sizeof s);
  if (s.b[1] == 7 && s.c == 0x07070707 && s.a == 0x07070707) reach_error();
  return 0;
}
