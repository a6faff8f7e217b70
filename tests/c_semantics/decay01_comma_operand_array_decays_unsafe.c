/* expected: false; inputs: ; note: the value of a comma expression is an rvalue: an array operand decays, so sizeof(0, a), sizeof(0, m[1]) and sizeof(0, "abc") are a pointer's size */
extern void reach_error(void);

int main(void) {
  int a[10];
  int m[3][4];
  a[0] = 0;
  m[0][0] = 0;
  if (sizeof(0, a) == 8 && sizeof(0, m[1]) == 8 && sizeof(0, "abc") == 8) reach_error();
  return 0;
}
