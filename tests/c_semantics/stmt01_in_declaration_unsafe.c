/* expected: false; inputs: 5; note: a statement expression initialises a declaration */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = ({ int t = __VERIFIER_nondet_int(); t * 2; });
  if (x == 10) reach_error();
  return 0;
}
