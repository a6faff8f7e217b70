/* expected: true; inputs: ; note: an undefined function returning signed char returns a value in [-128, 127] */
extern void reach_error(void);
extern signed char f(void);

int main(void) {
  int v = f();
  if (v > 127 || v < -128) reach_error();
  return 0;
}
