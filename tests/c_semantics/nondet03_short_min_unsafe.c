/* expected: false; inputs: -32768; note: __VERIFIER_nondet_short() reaches SHRT_MIN */
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);

int main(void) {
  short s = __VERIFIER_nondet_short();
  if (s == -32768) reach_error();
  return 0;
}
