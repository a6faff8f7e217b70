/* expected: false; inputs: 7; note: a union passed and returned by value keeps its bytes */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { long long q; int h[2]; };
union U swap(union U v) { int t = v.h[0]; v.h[0] = v.h[1]; v.h[1] = t; return v; }
int main(void) {
  union U u;
  u.h[0] = __VERIFIER_nondet_int();
  u.h[1] = 1;
  union U w = swap(u);
  if (w.q == 0x700000001LL) reach_error();
  return 0;
}
