/* expected: false; inputs: ; note: __builtin_mul_overflow on unsigned __int128 operands: 2^68 * 2^68 = 2^136 overflows 128 bits (LP64) */
extern void reach_error(void);
int main(void) {
  unsigned __int128 a = (unsigned __int128)1 << 68;
  unsigned __int128 r;
  if (__builtin_mul_overflow(a, a, &r)) reach_error();
  return 0;
}
