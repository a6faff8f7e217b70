/* expected: false; inputs: ; note: unsigned char 200 / signed char -2 is an int division: -100 */
extern void reach_error(void);

int main(void) {
  unsigned char a = 200;
  signed char b = -2;
  int r = a / b;
  if (r == -100) reach_error();
  return 0;
}
