/* expected: true; inputs: ; note: exit(0) ends the path: reach_error after it is unreachable */
extern void reach_error(void);
extern void exit(int);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x > 100u) {
    exit(0);
    reach_error();
  }
  return 0;
}
