/* expected: true; inputs: ; note: decimal 4294967295 is long (LP64) or long long (ILP32), never unsigned; 0xFFFFFFFF is unsigned int */
extern void reach_error(void);

int main(void) {
  if (4294967295 == -1) reach_error();
  if (0xFFFFFFFF != -1) reach_error();
  return 0;
}
