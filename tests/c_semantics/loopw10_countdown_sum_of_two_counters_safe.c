/* expected: true; inputs: ; note: i counts up and j down in one loop; i + j stays 20 at every step */
extern void reach_error(void);

int main(void) {
  int i = 0, j = 20;
  while (i < 20) {
    i++;
    j--;
    if (i + j != 20) reach_error();
  }
  return 0;
}
