/* expected: true; inputs: ; note: ten increments of 4294967290u wrap to exactly 4, never 5 */
extern void reach_error(void);

int main(void) {
  unsigned int s = 4294967290u;
  for (int k = 0; k < 10; k++) s += 1;
  if (s == 5) reach_error();
  return 0;
}
