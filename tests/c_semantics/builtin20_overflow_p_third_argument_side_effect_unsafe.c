/* expected: false; inputs: ; note: the third argument of __builtin_add_overflow_p is not used for its value, but its side effects happen (gcc's manual): x++ runs */
extern void reach_error(void);

int main(void) {
  int x = 0;
  __builtin_add_overflow_p(1, 2, (int)x++);
  if (x == 1) reach_error();
  return 0;
}
