/* expected: false; inputs: ; note: *p++ += 10 updates the element p pointed to and then moves p */
extern void reach_error(void);

int main(void) {
  int a[3] = {1, 2, 3};
  int *p = a;
  *p++ += 10;
  (*p)++;
  if (a[0] == 11 && a[1] == 3 && *p == 3) reach_error();
  return 0;
}
