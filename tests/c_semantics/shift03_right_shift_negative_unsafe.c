/* expected: false; inputs: -1; note: gcc shifts negative ints arithmetically: x >> 31 == -1 for x < 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && (x >> 31) == -1) reach_error();
  return 0;
}
