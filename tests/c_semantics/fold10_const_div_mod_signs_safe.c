/* expected: true; inputs: ; note: constant / and % truncate toward zero */
extern void reach_error(void);

int main(void) {
  if (-7 / 2 != -3 || -7 % 2 != -1) reach_error();
  if (7 / -2 != -3 || 7 % -2 != 1) reach_error();
  if (-7 / -2 != 3 || -7 % -2 != -1) reach_error();
  return 0;
}
