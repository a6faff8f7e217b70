/* expected: true; inputs: ; note: sizeof(long double) is 16 under LP64 (x86-64), 12 under ILP32 (i386) */
extern void reach_error(void);

int main(void) {
  if (sizeof(long double) != 16) reach_error();
  return 0;
}
