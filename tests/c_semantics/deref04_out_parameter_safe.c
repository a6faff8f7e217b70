/* expected: true; inputs: ; note: an out-parameter: get(&r) stores into the caller's r, overwriting its nondet value */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void get(int *out) {
  *out = 42;
}

int main(void) {
  int r = __VERIFIER_nondet_int();
  get(&r);
  if (r != 42) reach_error();
  return 0;
}
