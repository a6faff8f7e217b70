/* expected: false; inputs: ; note: 1UL shifted left by 32 (in two steps) is 0 under ILP32, 2^32 under LP64 */
extern void reach_error(void);

int main(void) {
  unsigned long x = 1;
  x = x << 31;
  x = x << 1;
  if (x == 0) reach_error();
  return 0;
}
