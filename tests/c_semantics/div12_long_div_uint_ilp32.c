/* expected: true; inputs: ; note: long / unsigned int: LP64 divides as long (-4); ILP32 as unsigned long (2147483644) */
extern void reach_error(void);

int main(void) {
  long x = -8;
  unsigned int d = 2;
  long r = x / d;
  if (r == -4) reach_error();
  return 0;
}
