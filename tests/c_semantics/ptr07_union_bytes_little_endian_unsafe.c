/* expected: false; inputs: ; note: a union read through another member than written: x86 is little-endian (gcc) */
extern void reach_error(void);

union U { unsigned int u; unsigned char c[4]; };
int main(void) {
  union U v;
  v.u = 0x01020304u;
  if (v.c[0] == 4 && v.c[3] == 1) reach_error();
  return 0;
}
