/* expected: false; inputs: 7; note: memmove(a, a + 1, 4 * sizeof(int)) shifts overlapping elements down by one: a == {v+1, v+2, v+3, v+4, v+4} */
extern void *memmove(void *, const void *, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5];
  int v = __VERIFIER_nondet_int();
  if (v < -1000 || v > 1000) return 0;
  for (int k = 0; k < 5; k++) a[k] = v + k;
  memmove(a, a + 1, 4 * sizeof(int));
  if (a[3] == a[4] && a[0] == 8) reach_error();
  return 0;
}
