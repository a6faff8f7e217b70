/* expected: false; inputs: 5; note: typeof (a) of an array is the array type (5 ints), not a pointer: sizeof b / sizeof b[0] is 5 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[5] = {0};
  typeof(a) b;
  int n = __VERIFIER_nondet_int();
  if (sizeof b / sizeof b[0] == n && sizeof(typeof(&a[0])) == 8) reach_error();
  return 0;
}
