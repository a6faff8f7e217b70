/* expected: true; inputs: ; note: continue in a for loop still runs the increment expression */
extern void reach_error(void);

int main(void) {
  int i, n = 0;
  for (i = 0; i < 5; i++) {
    if (i == 2) continue;
    n++;
  }
  if (i != 5 || n != 4) reach_error();
  return 0;
}
