/* expected: true; inputs: ; note: c ? -1 : u with u unsigned int has type unsigned int, 4294967295, which a 32-bit long turns into -1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int c = __VERIFIER_nondet_int();
  unsigned u = 1;
  long r = c ? -1 : u;
  if (c && r == 4294967295L) reach_error();
  return 0;
}
