/* expected: false; inputs: ; note: (long long)(1ULL << 63) is negative (gcc: modulo 2^64) */
extern void reach_error(void);

int main(void) {
  unsigned long long x = 1ULL << 63;
  if ((long long)x < 0) reach_error();
  return 0;
}
