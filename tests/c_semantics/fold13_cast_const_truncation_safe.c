/* expected: true; inputs: ; note: casts of constants truncate: (unsigned char)256 == 0, (short)65536 == 0, (signed char)0x1ff == -1 */
extern void reach_error(void);

int main(void) {
  if ((unsigned char)(1 << 8) != 0) reach_error();
  if ((short)65536 != 0) reach_error();
  if ((signed char)0x1ff != -1) reach_error();
  return 0;
}
