/* expected: false; inputs: ; note: 0xFFFFFFFF has type unsigned int; -1 converts to it */
extern void reach_error(void);

int main(void) {
  int x = -1;
  if (x == 0xFFFFFFFF) reach_error();
  return 0;
}
