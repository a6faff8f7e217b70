/* expected: false; inputs: ; note: 1LL << 40 >> 20 == 2^20 */
extern void reach_error(void);

int main(void) {
  long long x = 1LL << 40;
  if ((int)(x >> 20) == 1048576) reach_error();
  return 0;
}
