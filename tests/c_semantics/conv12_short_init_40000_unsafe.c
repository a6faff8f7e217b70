/* expected: false; inputs: ; note: short s = 40000 initialises s to -25536 (gcc: modulo 2^16) */
extern void reach_error(void);

int main(void) {
  short s = 40000;
  if (s == -25536) reach_error();
  return 0;
}
