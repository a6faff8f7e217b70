/* expected: false; inputs: ; note: addresses of later array elements compare greater */
extern void reach_error(void);

int main(void) {
  int a[3];
  if (&a[2] > &a[0]) reach_error();
  return 0;
}
