/* expected: false; inputs: ; note: 1u << 31 == 2147483648u, negative when converted to int */
extern void reach_error(void);

int main(void) {
  unsigned int x = 1u << 31;
  if (x > 2147483647u && (int)x < 0) reach_error();
  return 0;
}
