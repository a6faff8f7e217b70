/* expected: false; inputs: -5; note: an unsigned int * to an int reads its bits as unsigned: -5 reads as 4294967291 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int *u = (unsigned int *)&x;
  if (*u == 4294967291u) reach_error();
  return 0;
}
