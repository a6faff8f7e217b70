/* expected: false; inputs: ; note: the null pointer converted to an integer is 0 (gcc) */
extern void reach_error(void);

int main(void) {
  void *p = 0;
  if ((unsigned long)p == 0) reach_error();
  return 0;
}
