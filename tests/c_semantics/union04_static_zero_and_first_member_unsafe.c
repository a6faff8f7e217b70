/* expected: false; inputs: ; note: a global union is zero in all its bytes, a static one initialised by its first member */
extern void reach_error(void);
union U { unsigned char c; unsigned int i; };
union U g;
int main(void) {
  static union U s = { 0x41 };
  if (g.i == 0 && s.i == 0x41 && s.c == 'A') reach_error();
  return 0;
}
