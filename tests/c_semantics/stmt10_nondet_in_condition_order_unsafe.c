/* expected: false; inputs: 11 -1; note: nondet calls inside statement expressions in a condition are consumed left to right */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  if (({ int t = __VERIFIER_nondet_int(); t > 10; }) && ({ int u = __VERIFIER_nondet_int(); u < 0; }))
    reach_error();
  return 0;
}
