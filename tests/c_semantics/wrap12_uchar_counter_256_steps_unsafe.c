/* expected: false; inputs: ; note: an unsigned char counter returns to 0 after exactly 256 increments */
extern void reach_error(void);

int main(void) {
  unsigned char i = 0;
  int n = 0;
  do {
    i++;
    n++;
  } while (i != 0);
  if (n == 256) reach_error();
  return 0;
}
