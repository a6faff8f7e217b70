/* expected: false; inputs: ; note: an unsigned counter started 6 below 2^32 wraps inside the loop: ten increments leave 4 */
extern void reach_error(void);

int main(void) {
  unsigned int s = 4294967290u;
  for (int k = 0; k < 10; k++) s += 1;
  if (s == 4) reach_error();
  return 0;
}
