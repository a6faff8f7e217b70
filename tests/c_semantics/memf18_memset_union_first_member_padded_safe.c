/* expected: true; inputs: ; note: memset(&u, k, sizeof u) sets every byte of a union whose first member (a struct) has padding: the long long member and the struct's int both read only bytes (unsigned char) k */
extern void *memset(void *, int, unsigned long);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

union U { struct { char a; int b; } s; long long w; };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 255) return 0;
  union U u;
  memset(&u, k, sizeof u);
  unsigned long long byte = (unsigned long long) k;
  if (u.w != (long long) (byte * 0x0101010101010101ULL) || u.s.b != (int) (byte * 0x01010101U)) reach_error();
  return 0;
}
