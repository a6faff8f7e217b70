/* expected: false; inputs: 3; note: p is null or &x; the write guarded by if (p) happens only when p is not null */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 0;
  int *p = 0;
  if (__VERIFIER_nondet_int() == 3) p = &x;
  if (p) *p = 1;
  if (x == 1) reach_error();
  return 0;
}
