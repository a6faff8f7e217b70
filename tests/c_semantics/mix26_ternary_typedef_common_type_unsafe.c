/* expected: false; inputs: 7 0 -1; note: c ? us : s has type int, c ? (u32)us : s has type unsigned int */
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
typedef unsigned int u32;
typedef int s32;
int main(void) {
  unsigned short us = __VERIFIER_nondet_ushort();
  int c = __VERIFIER_nondet_int();
  s32 s = __VERIFIER_nondet_int();
  long r1 = c ? us : s;
  long r2 = c ? (u32)us : s;
  if (r1 < 0 && r2 > 0) reach_error();
  return 0;
}
