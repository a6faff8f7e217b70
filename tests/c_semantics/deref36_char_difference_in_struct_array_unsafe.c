/* expected: false; inputs: 1; note: (char *)&a[k].x - (char *)a is k * sizeof(struct S) plus the member's offset: 16 + 8 under LP64 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { char c; long long x; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  struct S a[2];
  long d = (char *)&a[k].x - (char *)a;
  if (d == 24) reach_error();
  return 0;
}
