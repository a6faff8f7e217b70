/* expected: true; inputs: ; note: u ?: -1 has the type of u ? u : -1, unsigned int: 4294967295, which a 32-bit long turns into -1 */
extern void reach_error(void);
int main(void) {
  unsigned u = 0;
  long r = u ?: -1;
  if (r == 4294967295L) reach_error();
  return 0;
}
