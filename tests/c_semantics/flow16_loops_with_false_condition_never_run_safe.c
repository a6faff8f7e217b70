/* expected: true; inputs: ; note: while (0) and for (; 0;) bodies never run; a do-while body runs once */
extern void reach_error(void);

int main(void) {
  int n = 0;
  while (0) reach_error();
  for (; 0;) reach_error();
  do n++; while (0);
  if (n != 1) reach_error();
  return 0;
}
