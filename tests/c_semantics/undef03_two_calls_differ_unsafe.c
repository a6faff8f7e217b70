/* expected: false; inputs: ; stubs: f -> 1 2; note: two calls of an undefined function can return different values */
extern void reach_error(void);
extern int f(void);

int main(void) {
  int a = f();
  int b = f();
  if (a != b) reach_error();
  return 0;
}
