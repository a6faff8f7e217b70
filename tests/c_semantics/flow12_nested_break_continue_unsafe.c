/* expected: false; inputs: ; note: break leaves only the inner loop and continue skips the rest of the outer body */
extern void reach_error(void);

int main(void) {
  int n = 0;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      if (j == 2) break;
      n++;
    }
    if (i == 2) continue;
    n += 100;
  }
  if (n == 308) reach_error();
  return 0;
}
