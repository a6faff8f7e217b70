/* expected: false; inputs: ; note: a GNU statement expression ending in an array yields the decayed pointer: sizeof(({ a; })) is 8 */
extern void reach_error(void);

int main(void) {
  int a[10];
  a[0] = 1;
  if (sizeof(({ a; })) == 8) reach_error();
  return 0;
}
