/* expected: false; inputs: -128; note: -(-128) == 128 stored into signed char is -128 */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  signed char d = -c;
  if (c < 0 && d < 0) reach_error();
  return 0;
}
