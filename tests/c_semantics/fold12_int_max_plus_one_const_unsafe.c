/* expected: false; inputs: ; note: 2147483647 + 1 folds to INT_MIN (-fwrapv) */
extern void reach_error(void);

int main(void) {
  int x = 2147483647 + 1;
  if (x == -2147483647 - 1) reach_error();
  return 0;
}
