/* expected: false; inputs: ; note: a switch on a signed char compares its promoted value: (char)200 matches case -56, not case 200 */
extern void reach_error(void);

int main(void) {
  char c = (char)200;
  int r;
  switch (c) {
    case -56:
      r = 1;
      break;
    case 200:
      r = 2;
      break;
    default:
      r = 3;
  }
  if (r == 1) reach_error();
  return 0;
}
