/* expected: false; inputs: -1; note: a negative nondet short stored into unsigned int is above 65535 */
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);

int main(void) {
  unsigned int u = __VERIFIER_nondet_short();
  if (u > 65535u) reach_error();
  return 0;
}
