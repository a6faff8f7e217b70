/* expected: false; inputs: ; note: GNU a ?: b evaluates a once: (i++) ?: 5 is 5 with i == 1, f() ?: 7 calls f once */
extern void reach_error(void);
int n;
int f(void) {
  n++;
  return n * 3;
}
int main(void) {
  int i = 0;
  int r = (i++) ?: 5;
  int s = f() ?: 7;
  if (r == 5 && i == 1 && s == 3 && n == 1) reach_error();
  return 0;
}
