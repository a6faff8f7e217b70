/* expected: false; inputs: 2; note: (i, a), &*a and ({ ...; a; }) are pointers to a[0]: each indexed by i reads a[i] (3 + 3 + 3 == 9) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  int *p = (i, a);
  int *q = &*a;
  int *r = ({ int t = i; a; });
  if (p[i] + q[i] + r[i] == 9 && sizeof(i, a) == sizeof p) reach_error();
  return 0;
}
