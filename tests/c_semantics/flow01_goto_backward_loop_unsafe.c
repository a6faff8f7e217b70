/* expected: false; inputs: ; note: a backward goto forms a loop: the sum of 0..4 is 10 when the loop leaves */
extern void reach_error(void);

int main(void) {
  int i = 0, s = 0;
top:
  if (i < 5) {
    s += i;
    i++;
    goto top;
  }
  if (s == 10) reach_error();
  return 0;
}
