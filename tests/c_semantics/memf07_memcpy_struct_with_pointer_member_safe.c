/* expected: true; inputs: ; note: memcpy(&d, &s, sizeof s) copies a pointer member too: a write through d.p changes the object s.p points to, not the one d.p pointed to before */
extern void *memcpy(void *, const void *, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct R { int *p; int n; long m; };

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  struct R s, d;
  s.p = &x;
  s.n = x;
  s.m = 3;
  d.p = &y;
  d.n = 0;
  d.m = 0;
  memcpy(&d, &s, sizeof s);
  *d.p = 5;
  if (d.p != &x || x != 5 || y != 0) reach_error();
  if (d.n != s.n || d.m != 3) reach_error();
  return 0;
}
