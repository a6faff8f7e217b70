/* expected: true; inputs: ; note: a declaration inside a statement expression shadows the outer variable */
extern void reach_error(void);

int main(void) {
  int x = 5;
  int y = ({ int x = 10; x + 1; }) + x;
  if (y != 16 || x != 5) reach_error();
  return 0;
}
