/* expected: false; inputs: ; note: comma expressions in a for header and as an operand evaluate left to right and yield the right value */
extern void reach_error(void);

int main(void) {
  int i, j, s = 0;
  for (i = 0, j = 10; i < j; i++, j--) s++;
  if (s == 5 && (s = 3, s + 1) == 4 && s == 3) reach_error();
  return 0;
}
