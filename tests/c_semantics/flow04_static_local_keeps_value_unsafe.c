/* expected: false; inputs: ; note: a static local is initialised once and keeps its value between calls */
extern void reach_error(void);

int counter(void) {
  static int c = 5;
  return c++;
}

int main(void) {
  counter();
  counter();
  if (counter() == 7) reach_error();
  return 0;
}
