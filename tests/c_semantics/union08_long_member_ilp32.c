/* expected: true; inputs: ; note: a long member of a union: 8 bytes under LP64, so a write to w[1] changes it; 4 bytes under ILP32, where w[1] lies beyond it */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { unsigned long l; unsigned int w[2]; };
int main(void) {
  union U u;
  u.l = 0;
  u.w[1] = __VERIFIER_nondet_int() + 1;
  if (u.l != 0) reach_error();
  return 0;
}
