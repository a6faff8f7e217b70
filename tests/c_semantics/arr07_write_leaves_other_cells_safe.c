/* expected: true; inputs: ; note: a write at index 1 or 2 leaves a[0] and a[3] unchanged */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i != 1 && i != 2) return 0;
  a[i] = 5;
  if (a[0] != 0 || a[3] != 0 || a[i] != 5) reach_error();
  return 0;
}
