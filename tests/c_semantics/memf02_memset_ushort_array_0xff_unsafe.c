/* expected: false; inputs: 3; note: memset(a, 0xff, sizeof a) makes every unsigned short element 65535: a[3] + 3 == 65538 */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned short a[4];
  memset(a, 0xff, sizeof a);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  if (a[i] + i == 65538) reach_error();
  return 0;
}
