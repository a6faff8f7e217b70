/* expected: true; inputs: ; note: a global array is zero-initialised */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int g[8];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 8) return 0;
  if (g[i] != 0) reach_error();
  return 0;
}
