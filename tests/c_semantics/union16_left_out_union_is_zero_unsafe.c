/* expected: false; inputs: 3; note: a union member an initializer list leaves out has its first member zero (C11 6.7.9p21, p10): its bytes read 0, so the sum is k */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S { int a; union U { short c; char d[2]; } u; int g; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9) return 0;
  struct S w = { .g = k };
  if (w.u.d[0] + w.u.d[1] + w.g == 3) reach_error();
  return 0;
}
