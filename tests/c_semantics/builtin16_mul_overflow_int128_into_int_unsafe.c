/* expected: false; inputs: ; note: __builtin_mul_overflow of signed __int128 -2^67 and 2^69 (product -2^136) into an int overflows (LP64) */
extern void reach_error(void);
int main(void) {
  __int128 a = -((__int128)1 << 67);
  __int128 b = (__int128)1 << 69;
  int r;
  if (__builtin_mul_overflow(a, b, &r)) reach_error();
  return 0;
}
