/* expected: true; inputs: ; note: struct { char; long; } has 7 bytes of padding under LP64 (size 16), 3 under ILP32 (size 8) */
extern void reach_error(void);

struct S { char c; long l; };
int main(void) {
  if (sizeof(struct S) == 16) reach_error();
  return 0;
}
