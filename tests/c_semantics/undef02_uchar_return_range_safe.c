/* expected: true; inputs: ; note: an undefined function returning unsigned char returns a value in [0, 255] */
extern void reach_error(void);
extern unsigned char g(void);

int main(void) {
  int x = g();
  if (x > 255 || x < 0) reach_error();
  return 0;
}
