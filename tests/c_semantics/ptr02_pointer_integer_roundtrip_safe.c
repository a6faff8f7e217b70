/* expected: true; inputs: ; note: a pointer cast to unsigned long and back compares equal */
extern void reach_error(void);

int main(void) {
  int x = 0;
  int *p = &x;
  unsigned long a = (unsigned long)p;
  int *q = (int *)a;
  if (q != p) reach_error();
  return 0;
}
