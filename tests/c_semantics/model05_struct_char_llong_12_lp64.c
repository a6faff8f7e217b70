/* expected: true; inputs: ; note: struct { char; long long; } is 12 bytes on i386 (long long aligned to 4 in structs), 16 on x86-64 */
extern void reach_error(void);

struct S { char c; long long x; };
int main(void) {
  if (sizeof(struct S) == 12) reach_error();
  return 0;
}
