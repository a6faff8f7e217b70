/* expected: false; inputs: ; note: (unsigned char)200 + (unsigned char)100 is the int 300 */
extern void reach_error(void);

int main(void) {
  if ((unsigned char)200 + (unsigned char)100 == 300) reach_error();
  return 0;
}
