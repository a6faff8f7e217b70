/* expected: false; inputs: -1; note: gcc gives an enum without negative constants the type unsigned int, so -1 stored in it compares > 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
enum Color { RED = 1, GREEN = 2, BLUE = 4 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  enum Color c = n;
  if (n < 0 && c > 0) reach_error();
  return 0;
}
