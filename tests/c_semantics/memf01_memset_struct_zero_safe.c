/* expected: true; inputs: ; note: memset(&s, 0, sizeof s) zeroes every member of a struct: an int, a char, a long array and a pointer (null) */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; char c; long b[2]; int *p; };

int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  s.a = x;
  s.c = (char) x;
  s.b[0] = x;
  s.b[1] = 2L * x;
  s.p = &x;
  memset(&s, 0, sizeof s);
  if (s.a != 0 || s.c != 0 || s.b[0] != 0 || s.b[1] != 0) reach_error();
  if (s.p != 0) reach_error();
  return 0;
}
