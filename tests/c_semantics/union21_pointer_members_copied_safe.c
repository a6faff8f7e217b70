/* expected: true; inputs: ; note: pointers stored into a union through a struct member and through a pointer to a member are read back through another member (an array of two pointers, 4 bytes each under ILP32) and from copies of the union and of a union inside it */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union I { int *p; long l; };
union O { union I i; char c[16]; struct { int *a; int *b; } s; int *arr[2]; };
int main(void) {
  int x = __VERIFIER_nondet_int(), y = 6;
  union O o;
  int **pp = &o.s.b;
  o.s.a = &x;
  *pp = &y;
  union I cp = o.i;
  union O o2 = o;
  if (*cp.p != x || *o2.arr[1] != 6 || o2.arr[0] != &x || o2.s.b != &y) reach_error();
  return 0;
}
