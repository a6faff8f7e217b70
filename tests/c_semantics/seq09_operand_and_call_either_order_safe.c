/* expected: true; inputs: ; note: a[0] - f() with f changing a[0] is 2 - 1 or 20 - 1 depending on the order of the read and the call (indeterminately sequenced); both are safe here */
extern void reach_error(void);

int a[2] = {2, 0};
int g = 2;

int f(void) {
  a[0] = 20;
  g = 20;
  return 1;
}

int main(void) {
  int r = a[0] - f();
  a[0] = 2;
  g = 2;
  int t = g + f();
  if ((r != 1 && r != 19) || (t != 3 && t != 21)) reach_error();
  return 0;
}
