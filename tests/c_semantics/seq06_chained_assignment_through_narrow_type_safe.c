/* expected: true; inputs: ; note: in a = c = 300 with unsigned char c, a gets the value c holds (44), not 300 */
extern void reach_error(void);

int main(void) {
  int a;
  unsigned char c;
  a = c = 300;
  if (a != 44) reach_error();
  return 0;
}
