/* expected: false; inputs: ; note: two block-scope variables named x and a variable named x__2 are three distinct objects */
extern void reach_error(void);
int main(void) {
  int r = 0;
  { int x = 1; r += x; }
  {
    int x = 2;
    int x__2 = 50;
    r += x + x__2;
  }
  if (r == 53) reach_error();
  return 0;
}
