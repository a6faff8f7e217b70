/* expected: true; inputs: ; note: c *= 2 on signed char: truncating an even int keeps it even */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  c *= 2;
  if (c % 2 != 0) reach_error();
  return 0;
}
