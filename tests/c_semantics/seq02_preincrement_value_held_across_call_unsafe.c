/* expected: false; inputs: ; note: the value of ++i is held before a later call changes i (1 with gcc, 11 in the other order; never the 10 the call stores) */
extern void reach_error(void);

int i = 0;

int set_ten(void) {
  i = 10;
  return 0;
}

int main(void) {
  int x = ++i + set_ten();
  if (x != 10) reach_error();
  return 0;
}
