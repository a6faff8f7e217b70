/* expected: false; inputs: ; note: (void *)-1 compares above the null pointer (gcc: unsigned address comparison) */
extern void reach_error(void);

int main(void) {
  void *q = (void *)-1;
  void *p = 0;
  if (q > p) reach_error();
  return 0;
}
