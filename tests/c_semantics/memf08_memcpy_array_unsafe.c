/* expected: false; inputs: 7; note: memcpy(b, a, sizeof a) copies every element; a later write to a[3] leaves b[3] == 7 + 3 */
extern void *memcpy(void *, const void *, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4], b[4];
  int v = __VERIFIER_nondet_int();
  if (v < -1000 || v > 1000) return 0;
  for (int k = 0; k < 4; k++) a[k] = v + k;
  memcpy(b, a, sizeof a);
  a[3] = 0;
  if (b[3] == 10 && b[0] == 7) reach_error();
  return 0;
}
