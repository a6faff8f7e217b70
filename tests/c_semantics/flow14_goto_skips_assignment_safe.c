/* expected: true; inputs: ; note: a forward goto skips the statements before its label */
extern void reach_error(void);

int main(void) {
  int x = 0;
  goto skip;
  x = 1;
skip:
  if (x != 0) reach_error();
  return 0;
}
