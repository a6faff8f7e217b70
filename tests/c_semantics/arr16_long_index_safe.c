/* expected: true; inputs: ; note: an index of type long converted from int selects the same element */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[3] = {5, 5, 5};
  long l = __VERIFIER_nondet_int();
  if (l < 0 || l > 2) return 0;
  if (a[l] != 5) reach_error();
  return 0;
}
