/* expected: false; inputs: 0; note: __builtin_sub_overflow(0u, 1u, &r) on unsigned reports overflow */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int r;
  unsigned int a = __VERIFIER_nondet_uint();
  if (__builtin_sub_overflow(a, 1u, &r) && r == 4294967295u) reach_error();
  return 0;
}
