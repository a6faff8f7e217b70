/* expected: true; inputs: ; note: memset(a + 2, 1, 3 * sizeof(int)) fills the whole elements a[2..4] with 0x01010101 and leaves a[0], a[1], a[5] */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[6];
  for (int k = 0; k < 6; k++) a[k] = k + 1;
  memset(a + 2, 1, 3 * sizeof(int));
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 6) return 0;
  int want = (i >= 2 && i < 5) ? 16843009 : i + 1;
  if (a[i] != want) reach_error();
  if (a[i] == 1 && i != 0) reach_error();
  return 0;
}
