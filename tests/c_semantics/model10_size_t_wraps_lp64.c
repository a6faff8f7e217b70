/* expected: true; inputs: ; note: sizeof yields size_t: sizeof(char) - 2 wraps at 2^32 (ILP32) or 2^64 (LP64) */
extern void reach_error(void);

int main(void) {
  unsigned long long v = sizeof(char) - 2;
  if (v == 4294967295ULL) reach_error();
  return 0;
}
