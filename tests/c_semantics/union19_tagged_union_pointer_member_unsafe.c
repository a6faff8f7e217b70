/* expected: false; inputs: 7 1; note: a tagged union (struct with a tag and a union of an int and a pointer) built, returned and passed by value: the pointer read back is the one stored, so get() reads x through it; reached for x = 7 with a non-zero tag */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct V { int tag; union { int i; int *p; } u; };
struct V make(int tag, int *p) { struct V v; v.tag = tag; if (tag) v.u.p = p; else v.u.i = 42; return v; }
int get(struct V v) { return v.tag ? *v.u.p : v.u.i; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  int t = __VERIFIER_nondet_int();
  struct V v = make(t, &x);
  int r = get(v);
  if (r == 7) reach_error();
  return 0;
}
