/* expected: true; inputs: ; note: memcpy(a, a + 3, 3 * sizeof(int)) copies the upper half of one array onto its lower half (the ranges do not overlap): a[i] == a[i + 3] after */
extern void *memcpy(void *, const void *, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[6];
  int v = __VERIFIER_nondet_int();
  for (int k = 0; k < 6; k++) a[k] = v + k;
  memcpy(a, a + 3, 3 * sizeof(int));
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  if (a[i] != a[i + 3] || a[i + 3] != v + i + 3) reach_error();
  return 0;
}
