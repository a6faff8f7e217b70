/* expected: true; inputs: ; note: a loop stores k*k into a[k]; a read at a variable index sees its square */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[6];
  for (int k = 0; k < 6; k++) a[k] = k * k;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 6) return 0;
  if (a[i] != i * i) reach_error();
  return 0;
}
