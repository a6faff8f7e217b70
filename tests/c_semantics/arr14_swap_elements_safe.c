/* expected: true; inputs: ; note: swapping two elements through a temporary exchanges their values (also when i == j) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[3] = {1, 2, 3};
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3 || j < 0 || j >= 3) return 0;
  int ai = a[i], aj = a[j];
  int t = a[i];
  a[i] = a[j];
  a[j] = t;
  if (a[i] != aj || a[j] != ai) reach_error();
  return 0;
}
