/* expected: true; inputs: ; note: loops forever: c++ on signed char 127 stores -128 (gcc), so c < 200 always holds */
extern void reach_error(void);

int main(void) {
  signed char c = 0;
  while (c < 200)
    c++;
  reach_error();
  return 0;
}
