/* expected: true; inputs: ; note: c | 0x80 stored into signed char is always negative */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char c = __VERIFIER_nondet_char();
  signed char d = c | 0x80;
  if (d >= 0) reach_error();
  return 0;
}
