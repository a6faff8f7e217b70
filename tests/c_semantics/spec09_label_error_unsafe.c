/* expected: false; inputs: 7; note: label property: the label ERROR is reachable */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 7) {
  ERROR:
    goto ERROR;
  }
  return 0;
}
