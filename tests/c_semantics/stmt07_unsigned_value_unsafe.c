/* expected: false; inputs: ; note: the value of a statement expression keeps its unsigned type: (0u - 1) / 2 */
extern void reach_error(void);

int main(void) {
  unsigned int u = ({ unsigned int t = 0; t - 1; }) / 2;
  if (u == 2147483647u) reach_error();
  return 0;
}
