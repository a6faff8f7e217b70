/* expected: true; inputs: ; note: offsetof and addresses of members of anonymous members are gcc's layout: e is 8 bytes in (after a and the 4-byte union), g 16; a tagged struct without declarator declares no member */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; struct T { int x; }; union { int c; char d[4]; }; struct { int e, f; }; int g; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  struct S v;
  int *p = &v.e;
  char *q = (char *) &v.g;
  if (__builtin_offsetof(struct S, e) != 8 || __builtin_offsetof(struct S, g) != 16) reach_error();
  if (sizeof(struct S) != 20) reach_error();
  if ((char *) p - (char *) &v != 8 || q - (char *) p != 8 + k - k) reach_error();
  return 0;
}
