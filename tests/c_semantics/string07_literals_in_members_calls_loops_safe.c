/* expected: true; inputs: ; note: string literals as a struct member's initializer, a function's result, a global pointer's initializer, __func__, in a loop body (one array each time round) and under sizeof */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct E { const char *name; int v; };

static const char *pick(int k) { return k ? "yes" : "no"; }

const char *g = "global";

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  struct E e = { "entry", k };
  const char *f = __func__;
  int n = 0;
  for (int i = 0; i < 2; i++) { const char *t = "ab"; n += t[i]; }
  if (e.name[1] != 'n' || pick(k)[0] != (k ? 'y' : 'n') || g[5] != 'l' || f[0] != 'm') reach_error();
  if (n != 195 || sizeof "abc" != 4) reach_error();
  return 0;
}
