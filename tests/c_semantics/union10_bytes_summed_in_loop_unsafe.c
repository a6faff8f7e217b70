/* expected: false; inputs: 3; note: loop over a union's bytes: the sum of the bytes of 0x01010101 * n */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { unsigned int w; unsigned char c[4]; };
int main(void) {
  union U u;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 50) return 0;
  u.w = 0x01010101u * n;
  int sum = 0;
  for (int i = 0; i < 4; i++) sum += u.c[i];
  if (sum == 12) reach_error();
  return 0;
}
