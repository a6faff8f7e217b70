/* expected: false; inputs: ; note: (unsigned char)-1 == 255 and (signed char)255 == -1 */
extern void reach_error(void);

int main(void) {
  if ((unsigned char)-1 == 255 && (signed char)255 == -1) reach_error();
  return 0;
}
