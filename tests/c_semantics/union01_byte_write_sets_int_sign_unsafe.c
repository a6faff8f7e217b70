/* expected: false; inputs: ; note: a byte written into a union's int member: the int's high byte, signed */
extern void reach_error(void);
union U { int i; unsigned char b[4]; };
int main(void) {
  union U u;
  u.i = 0;
  u.b[3] = 0x80;
  if (u.i < 0 && u.i == -2147483647 - 1) reach_error();
  return 0;
}
