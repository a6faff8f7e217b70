/* expected: true; inputs: ; note: -1L < 1u: true as long (LP64), false as unsigned long (ILP32) */
extern void reach_error(void);

int main(void) {
  if (-1L < 1u) reach_error();
  return 0;
}
