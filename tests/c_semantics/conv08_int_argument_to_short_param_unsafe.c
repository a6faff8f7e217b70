/* expected: false; inputs: 65535; note: an int argument is converted to the short parameter: 65535 -> -1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int h(short s) { return s; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && h(x) == -1) reach_error();
  return 0;
}
