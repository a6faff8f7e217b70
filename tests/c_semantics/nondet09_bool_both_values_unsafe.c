/* expected: false; inputs: 1 0; note: two nondet bools can differ */
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
  _Bool a = __VERIFIER_nondet_bool();
  _Bool b = __VERIFIER_nondet_bool();
  if (a && !b) reach_error();
  return 0;
}
