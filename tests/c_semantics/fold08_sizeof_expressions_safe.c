/* expected: true; inputs: ; note: sizeof of arrays, character constants (int) and a char/long ternary (long) */
extern void reach_error(void);

int main(void) {
  int a[10];
  if (sizeof a / sizeof a[0] != 10) reach_error();
  if (sizeof('a') != sizeof(int)) reach_error();
  if (sizeof(1 ? 'a' : 2L) != sizeof(long)) reach_error();
  if (sizeof(short) * 2 != sizeof(int)) reach_error();
  return 0;
}
