/* expected: false; inputs: ; note: continue in a do-while jumps to its condition, which ends the loop at i == 6 */
extern void reach_error(void);

int main(void) {
  int i = 0, n = 0;
  do {
    i++;
    if (i % 2) continue;
    n++;
  } while (i < 6);
  if (n == 3 && i == 6) reach_error();
  return 0;
}
