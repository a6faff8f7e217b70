/* expected: true; inputs: ; note: the value of (c = 300) for an unsigned char c is the converted value stored, 44 */
extern void reach_error(void);

int main(void) {
  unsigned char c;
  int x = (c = 300) + 1;
  if (x != 45 || c != 44) reach_error();
  return 0;
}
