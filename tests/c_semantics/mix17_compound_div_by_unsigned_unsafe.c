/* expected: false; inputs: -10; note: i /= 2u converts i to unsigned int, so a negative i becomes a large positive quotient */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i >= 0 || i < -1000) return 0;
  i /= 2u;
  if (i > 0) reach_error();
  return 0;
}
