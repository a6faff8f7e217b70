/* expected: false; inputs: 4294967295; note: case labels convert to the promoted type of the controlling expression: case -1 on an unsigned int matches 4294967295 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  int r = 0;
  switch (u) {
    case -1: r = 1; break;
    case 0: r = 2; break;
    default: r = 3;
  }
  if (r == 1) reach_error();
  return 0;
}
