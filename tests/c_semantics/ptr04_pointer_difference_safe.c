/* expected: true; inputs: ; note: pointer difference counts elements; through char * it counts bytes */
extern void reach_error(void);

int main(void) {
  int a[5];
  int *p = &a[4];
  if (p - a != 4) reach_error();
  if ((char *)p - (char *)a != 16) reach_error();
  return 0;
}
