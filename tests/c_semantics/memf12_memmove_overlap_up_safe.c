/* expected: true; inputs: ; note: memmove(a + 2, a, 3 * sizeof(int)) shifts overlapping elements up by two as if through a temporary: a == {v, v+1, v, v+1, v+2} (a forward element-by-element copy would give a[4] == v) */
extern void *memmove(void *, const void *, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5];
  int v = __VERIFIER_nondet_int();
  for (int k = 0; k < 5; k++) a[k] = v + k;
  memmove(a + 2, a, 3 * sizeof(int));
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 5) return 0;
  if (a[i] != v + (i < 2 ? i : i - 2)) reach_error();
  return 0;
}
