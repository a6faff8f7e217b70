/* expected: false; inputs: ; note: a parameter x, a block-scope x shadowing it and a local named x__2 are distinct objects */
extern void reach_error(void);
int f(int x) {
  int x__2 = 1000;
  {
    int x = 7;
    x__2 += x;
  }
  return x + x__2;
}
int main(void) {
  if (f(3) == 1010) reach_error();
  return 0;
}
