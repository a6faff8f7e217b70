/* expected: true; inputs: ; note: the stored result is the wrapped sum; overflow needs operands of equal sign */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int r;
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int ov = __builtin_add_overflow(x, y, &r);
  if (r != x + y) reach_error();
  if (ov && (x < 0) != (y < 0)) reach_error();
  return 0;
}
