/* expected: true; inputs: ; note: a later member's address compares greater than an earlier one's, whichever element of the member array, and the byte distance is the layout's */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { short a; int b[3]; char c; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  struct S s;
  int *p = &s.b[k];
  if (!((void *)&s.a < (void *)p)) reach_error();
  if ((void *)&s.c <= (void *)p) reach_error();
  if ((char *)p - (char *)&s.a != 4 + 4 * k) reach_error();
  return 0;
}
