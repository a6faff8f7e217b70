/* expected: true; inputs: ; note: a for declaration and an inner block declare their own x; the outer local and the global keep theirs */
extern void reach_error(void);

int x = 1;

int main(void) {
  int x = 2;
  for (int x = 0; x < 3; x++) {
    int y = x;
    (void)y;
  }
  {
    int x = 3;
    x++;
  }
  if (x != 2) reach_error();
  return 0;
}
