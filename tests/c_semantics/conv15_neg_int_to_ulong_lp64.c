/* expected: true; inputs: ; note: -1 converted to unsigned long is 2^64 - 1 (LP64) or 2^32 - 1 (ILP32) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  unsigned long ul = i;
  if (i == -1 && ul == 4294967295UL) reach_error();
  return 0;
}
