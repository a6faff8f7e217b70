/* expected: true; inputs: ; note: a _Noreturn function with a body that always ends the run (exit or abort) is modelled: nothing after its call runs, so the check after it is never reached */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void exit(int);
extern void abort(void);

_Noreturn static void fail(int code) {
  if (code > 3) abort();
  exit(code);
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  if (k > 4) fail(k);
  if (k > 4) reach_error();
  return 0;
}
