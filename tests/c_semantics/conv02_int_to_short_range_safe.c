/* expected: true; inputs: ; note: implicit conversion to short stays in range and keeps values that fit */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  short s = x;
  if (s > 32767 || s < -32768) reach_error();
  if (x >= -32768 && x <= 32767 && s != x) reach_error();
  return 0;
}
