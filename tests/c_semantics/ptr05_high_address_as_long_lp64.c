/* expected: true; inputs: ; note: address 0x80000000 as long: negative under ILP32 (gcc), positive under LP64 */
extern void reach_error(void);

int main(void) {
  void *p = (void *)0x80000000u;
  if ((long)p < 0) reach_error();
  return 0;
}
