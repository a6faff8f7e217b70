/* expected: false; inputs: 1; note: c ? -1 : 0u has type unsigned int, so -1 becomes 4294967295 before widening to long long */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int c = __VERIFIER_nondet_int();
  long long r = c ? -1 : 0u;
  if (c != 0 && r > 0) reach_error();
  return 0;
}
