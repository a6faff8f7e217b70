/* expected: false; inputs: 3; note: pointers to members of one struct compare in declaration order, and char pointers count the bytes between a member and its struct: offset of c is 12 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; int b[2]; char c; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  struct S s;
  int before = (void *)&s.a < (void *)&s.b[1];
  long off = (char *)&s.c - (char *)&s;
  if (before && off + k == 15) reach_error();
  return 0;
}
