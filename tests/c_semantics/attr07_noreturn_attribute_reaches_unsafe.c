/* expected: false; inputs: 6; note: a function declared __attribute__((noreturn)) and defined later that reaches the error before it ends the run */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void exit(int);

static void stop(int code) __attribute__((noreturn));

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  if (k > 4) stop(k);
  return 0;
}

static void stop(int code) {
  if (code == 6) reach_error();
  exit(code);
}
