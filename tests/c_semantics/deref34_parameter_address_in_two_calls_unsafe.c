/* expected: false; inputs: 47; note: a parameter whose address is taken, in a function called twice: each call adds to its own copy, 47 + 1 + 2 == 50 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int add(int a, int b) {
  int *p = &a;
  *p += b;
  return a;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100)
    return 0;
  if (add(add(x, 1), 2) == 50)
    reach_error();
  return 0;
}
