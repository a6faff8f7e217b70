/* expected: true; inputs: ; note: a negative exact result does not fit unsigned int: the flag is set */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned int r;
  int a = __VERIFIER_nondet_int();
  if (!__builtin_add_overflow(a, 0, &r) && a < 0) reach_error();
  return 0;
}
