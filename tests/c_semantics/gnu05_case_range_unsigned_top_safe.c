/* expected: true; inputs: ; note: case 4294967290u ... 4294967295u: on an unsigned controlling value selects exactly the six largest values; together with 0 ... 5 nothing else */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  int k = 0;
  switch (u) {
  case 0 ... 5: k = 1; break;
  case 4294967290u ... 4294967295u: k = 2; break;
  }
  if (k == 2 && u < 4294967290u) reach_error();
  if (k == 0 && (u <= 5 || u >= 4294967290u)) reach_error();
  return 0;
}
