/* expected: false; inputs: ; note: c++ on unsigned char 255 yields 255 and stores 0 */
extern void reach_error(void);

int main(void) {
  unsigned char c = 255;
  int old = c++;
  if (old == 255 && c == 0) reach_error();
  return 0;
}
