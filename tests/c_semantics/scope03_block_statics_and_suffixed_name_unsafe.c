/* expected: false; inputs: ; note: two block-scope statics named k and a static named k__2 are three distinct objects */
extern void reach_error(void);
int f(void) {
  int r = 0;
  { static int k = 1; r += k++; }
  { static int k = 10; r += k++; }
  static int k__2 = 100;
  r += k__2;
  return r;
}
int main(void) {
  int a = f();
  int b = f();
  if (a == 111 && b == 113) reach_error();
  return 0;
}
