/* expected: false; inputs: ; note: a default label between cases falls through to the case below it, and an unmatched value enters at default */
extern void reach_error(void);

int f(int c) {
  int r = 0;
  switch (c) {
    case 1:
      r += 1;
    default:
      r += 10;
    case 2:
      r += 100;
      break;
    case 3:
      r += 1000;
  }
  return r;
}

int main(void) {
  if (f(1) == 111 && f(2) == 100 && f(3) == 1000 && f(7) == 110) reach_error();
  return 0;
}
