/* expected: true; inputs: ; note: a nondet int stored into long keeps its value (sign extension) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  long l = __VERIFIER_nondet_int();
  if (l > 2147483647L || l < -2147483648L) reach_error();
  return 0;
}
