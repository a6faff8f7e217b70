/* expected: true; inputs: ; note: the right operand of && (a statement expression) is not evaluated when the left is 0 */
extern void reach_error(void);

int main(void) {
  int n = 0;
  if (({ n++; 0; }) && ({ n += 10; 1; })) reach_error();
  if (n != 1) reach_error();
  return 0;
}
