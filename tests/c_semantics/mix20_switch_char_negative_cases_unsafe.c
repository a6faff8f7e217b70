/* expected: false; inputs: -128; note: case '\x80' is -128 for a signed char; case 255 never matches; fall-through into default */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  int r = 0;
  switch (c) {
    case '\xff': r += 1;
    case 255: r += 10; break;
    case '\x80': r += 100;
    default: r += 1000;
  }
  if (r == 1100) reach_error();
  return 0;
}
