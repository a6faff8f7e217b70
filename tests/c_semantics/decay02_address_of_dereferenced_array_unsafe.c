/* expected: false; inputs: ; note: &*a is a converted to a pointer (the operand of * decays): sizeof(&*a) is 8 for int a[10], and for int m[3][4] &*m is an int (*)[4] */
extern void reach_error(void);

int main(void) {
  int a[10];
  int m[3][4];
  a[0] = 0;
  m[0][0] = 0;
  if (sizeof(&*a) == 8 && sizeof(&*m) == 8 && sizeof(*&*m) == 16) reach_error();
  return 0;
}
