/* expected: true; inputs: ; note: a negative int index converted to unsigned long is huge, so the unsigned bound check rejects it */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5] = {0, 0, 0, 0, 0};
  int k = __VERIFIER_nondet_int();
  if ((unsigned long)k < 5ul) {
    a[k] = 1;
    if (k < 0) reach_error();
  }
  return 0;
}
