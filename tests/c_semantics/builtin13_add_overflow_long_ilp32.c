/* expected: false; inputs: ; note: LONG_MAX of ILP32 plus 1 overflows long only under ILP32 */
extern void reach_error(void);

int main(void) {
  long r;
  if (__builtin_add_overflow(2147483647L, 1L, &r)) reach_error();
  return 0;
}
