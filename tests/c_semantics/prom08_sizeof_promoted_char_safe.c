/* expected: true; inputs: ; note: char + char and unary + on short have type int */
extern void reach_error(void);

int main(void) {
  char c = 0;
  short s = 0;
  if (sizeof(c + c) != sizeof(int)) reach_error();
  if (sizeof(+s) != 4) reach_error();
  if (sizeof(c) != 1) reach_error();
  return 0;
}
