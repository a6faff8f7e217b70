/* expected: true; inputs: ; note: in *(p = &a[0]) = f() + 1 the object is a[0], the value (p = &a[0]) had, even though f sets p to &a[2] before the store */
extern void reach_error(void);

int a[3];
int *p;

int point_elsewhere(void) {
  p = &a[2];
  return 7;
}

int main(void) {
  *(p = &a[0]) = point_elsewhere() + 1;
  if (a[0] != 8 || a[2] != 0) reach_error();
  return 0;
}
