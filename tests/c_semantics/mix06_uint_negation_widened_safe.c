/* expected: true; inputs: ; note: -u is computed in unsigned int and then zero-extended to unsigned long */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  unsigned long w = -u;
  if (w > 4294967295ul) reach_error();
  if (u != 0 && w != 4294967296ul - u) reach_error();
  if (u == 0 && w != 0) reach_error();
  return 0;
}
