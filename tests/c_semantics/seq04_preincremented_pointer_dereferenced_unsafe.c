/* expected: false; inputs: ; note: *++p reads the element after the one p pointed to, and *p++ the one p points to */
extern void reach_error(void);

int main(void) {
  int a[3] = {1, 2, 3};
  int *p = a;
  int y = *++p;
  int z = *p++;
  if (y + z == 4 && *p == 3) reach_error();
  return 0;
}
