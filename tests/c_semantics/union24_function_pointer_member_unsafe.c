/* expected: false; inputs: 1 5; note: a union holding either a function's address or an int: the function called through the stored pointer is the one stored (twice adds 2 * 5 + 0); reached for k = 1, v = 5 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int once(int v) { return v; }
int twice(int v) { return 2 * v; }
union F { int (*f)(int); long n; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 100) return 0;
  union F u;
  if (k) u.f = twice; else u.f = once;
  if (u.f(v) == 10 && k) reach_error();
  return 0;
}
