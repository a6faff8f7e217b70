/* expected: false; inputs: -1; note: -1 >> 2 == -1 (arithmetic shift) but -1 / 4 == 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if ((x >> 2) != x / 4) reach_error();
  return 0;
}
