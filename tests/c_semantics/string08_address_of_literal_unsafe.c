/* expected: false; inputs: 2; note: &"abc" points to the whole array, of type char (*)[4]: (*a)[2] is 'c' */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  const char (*a)[4] = &"abc";
  if ((*a)[k] == 'c' && sizeof *a == 4) reach_error();
  return 0;
}
