/* expected: false; inputs: 3; note: statement expressions nested inside declarations inside statement expressions */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = ({ int x2 = ({ int z = x + 1; z * z; }); x2 - 1; });
  if (x == 3 && y == 15) reach_error();
  return 0;
}
