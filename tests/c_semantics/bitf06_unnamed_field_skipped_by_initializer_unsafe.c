/* expected: false; inputs: 6; note: an unnamed bit-field takes no initializer: {1, v} initialises a and b; 6 in a 3-bit signed field is -2 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct T {
  int a : 3;
  int : 2;
  int b : 3;
  int c;
};

int main(void) {
  int v = __VERIFIER_nondet_int();
  struct T t = {1, v};
  if (t.a == 1 && t.b == -2 && t.c == 0) reach_error();
  return 0;
}
