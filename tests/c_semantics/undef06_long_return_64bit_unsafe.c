/* expected: false; inputs: ; stubs: f -> 4294967297; note: an undefined function returning long may return a value above 2^32 under LP64 */
extern void reach_error(void);
extern long f(void);

int main(void) {
  long x = f();
  if (x > 4294967296L) reach_error();
  return 0;
}
