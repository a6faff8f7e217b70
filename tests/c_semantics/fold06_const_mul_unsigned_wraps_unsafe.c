/* expected: false; inputs: ; note: 65536u * 65536u == 0 in unsigned int */
extern void reach_error(void);

int main(void) {
  unsigned int x = 65536u * 65536u;
  if (x == 0) reach_error();
  return 0;
}
