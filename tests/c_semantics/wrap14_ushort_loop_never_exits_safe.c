/* expected: true; inputs: ; note: loops forever: an unsigned short is always <= 65535, so the loop never ends */
extern void reach_error(void);

int main(void) {
  unsigned short i = 0;
  while (i <= 65535)
    i++;
  reach_error();
  return 0;
}
