/* expected: true; inputs: ; note: an unsigned char counter from 250 reaches 4 after ten increments, never another number */
extern void reach_error(void);

int main(void) {
  unsigned char c = 250;
  int n = 0;
  while (c != 4) {
    c++;
    n++;
  }
  if (n != 10) reach_error();
  return 0;
}
