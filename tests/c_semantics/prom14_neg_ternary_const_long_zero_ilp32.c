/* expected: true; inputs: ; note: the example of issue 8 with long x = 0: -(1u > x ? 1u : x) <= 0 holds as long (LP64) but not as unsigned long (ILP32) */
extern void reach_error(void);

int main(void) {
  long x = 0;
  if (-(1u > x ? 1u : x) <= 0) reach_error();
  return 0;
}
