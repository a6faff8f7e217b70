/* expected: false; inputs: 0; note: unsigned - int is unsigned: 0u - 5 == 4294967291 */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  int b = 5;
  if (a < b && a - b > 100) reach_error();
  return 0;
}
