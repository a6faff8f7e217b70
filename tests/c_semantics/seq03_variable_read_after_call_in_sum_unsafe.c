/* expected: false; inputs: ; note: gcc calls f before it reads x in x + f() (C leaves the order open); the model follows gcc */
extern void reach_error(void);

int x = 0;

int set_five(void) {
  x = 5;
  return 0;
}

int main(void) {
  int y = x + set_five();
  if (y == 5) reach_error();
  return 0;
}
