/* expected: false; inputs: 640; note: return value converted to signed char, argument converted to unsigned int then returned as unsigned long, short arithmetic in a helper */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static signed char narrow(int x) { return x; }
static unsigned long widen(unsigned int u) { return u; }
static short twice(short s) { return s * 2; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a < 0 || a > 1000) return 0;
  signed char c = narrow(a);
  unsigned long w = widen(c);
  if (w == 4294967168ul && twice(a * 100) < 0) reach_error();
  return 0;
}
