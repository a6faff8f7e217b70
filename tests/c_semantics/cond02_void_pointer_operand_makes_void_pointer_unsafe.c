/* expected: false; inputs: ; note: c ? p : q with p an int * and q a void * has type void * (C11 6.5.15p6): + 1 is gcc's void * arithmetic, one byte, not four (the replay does not point into the bytes of an int: UNKNOWN is right) */
extern void reach_error(void);

int main(void) {
  int a[2] = {10, 20};
  int c = 1;
  int *p = a;
  void *q = a;
  char *r = (char *)((c ? p : q) + 1);
  if (r == (char *)a + 1) reach_error();
  return 0;
}
