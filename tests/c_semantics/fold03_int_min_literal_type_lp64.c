/* expected: false; inputs: ; note: 2147483648 does not fit int, so -2147483648 is a negative 8-byte constant (long or long long) */
extern void reach_error(void);

int main(void) {
  if (sizeof(-2147483648) == sizeof(long long) && -2147483648 < 0) reach_error();
  return 0;
}
