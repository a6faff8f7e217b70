/* expected: true; inputs: ; note: an element of an array of unions chosen by an input, written through one member and read through another */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { unsigned short s[2]; unsigned int w; };
int main(void) {
  union U a[3] = { { { 1, 2 } }, { { 3, 4 } }, { { 5, 6 } } };
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 2) return 0;
  a[x].s[1] = 0xffff;
  if (a[x].w >> 16 != 0xffffu) reach_error();
  if (x != 1 && a[1].w != 0x00040003u) reach_error();
  return 0;
}
