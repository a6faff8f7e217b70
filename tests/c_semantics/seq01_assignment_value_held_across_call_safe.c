/* expected: true; inputs: ; note: an assignment's value is the value stored, also when a call later in the expression changes the variable */
extern void reach_error(void);

int i = 0;

int set_ten(void) {
  i = 10;
  return 0;
}

int main(void) {
  int x = (i = 3) + set_ten();
  if (x != 3 || i != 10) reach_error();
  return 0;
}
