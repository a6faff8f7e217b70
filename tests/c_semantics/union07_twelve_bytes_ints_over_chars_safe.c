/* expected: true; inputs: ; note: a union of 12 bytes: three ints overlay twelve chars */
extern void reach_error(void);
union U { int v[3]; signed char c[12]; };
int main(void) {
  union U u = { { -1, 0, 256 } };
  if (u.c[0] != -1 || u.c[3] != -1 || u.c[4] != 0 || u.c[9] != 1 || u.c[8] != 0) reach_error();
  u.c[7] = -128;
  if (u.v[1] >= 0) reach_error();
  return 0;
}
