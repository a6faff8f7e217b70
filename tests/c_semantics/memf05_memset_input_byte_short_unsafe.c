/* expected: false; inputs: 300; note: memset(h, b, sizeof h) stores the byte (unsigned char) b into both bytes of every short: b = 300 gives 44, h[1] == 0x2c2c */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  short h[3];
  int b = __VERIFIER_nondet_int();
  memset(h, b, sizeof h);
  if (b > 255 && h[1] == 0x2c2c) reach_error();
  return 0;
}
