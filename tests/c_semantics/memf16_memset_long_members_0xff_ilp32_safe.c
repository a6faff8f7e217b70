/* expected: true; inputs: ; note: under ILP32, memset(&s, 0xff, sizeof s) (size parameter unsigned int) sets a long to -1, an unsigned long to 4294967295, a long long and a short to -1; it returns &s */
extern void *memset(void *, int, unsigned int);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct L { long l; unsigned long u; long long q; short h; };

int main(void) {
  struct L s;
  s.l = __VERIFIER_nondet_int();
  s.u = 0;
  s.q = 0;
  s.h = 0;
  void *r = memset(&s, 0xff, sizeof s);
  if (s.l != -1 || s.u != 4294967295UL || s.q != -1 || s.h != -1) reach_error();
  if (r != (void *) &s || sizeof s != 20) reach_error();
  return 0;
}
