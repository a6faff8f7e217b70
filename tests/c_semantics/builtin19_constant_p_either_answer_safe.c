/* expected: true; inputs: ; note: __builtin_constant_p of a variable is 0 or 1 as gcc's folding decides; of a literal constant it is 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (__builtin_constant_p(x)) {
    y = 1;
  } else {
    y = 2;
  }
  if (y == 0) reach_error();
  if (!__builtin_constant_p(5)) reach_error();
  return 0;
}
