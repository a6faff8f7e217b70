/* expected: false; inputs: ; note: under ILP32 2147483647L + 1L wraps to LONG_MIN (-fwrapv) */
extern void reach_error(void);

int main(void) {
  long x = 2147483647L + 1L;
  if (x < 0) reach_error();
  return 0;
}
