/* expected: true; inputs: ; note: abort() ends the path before reach_error */
extern void reach_error(void);
extern void abort(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
    abort();
    reach_error();
  }
  return 0;
}
