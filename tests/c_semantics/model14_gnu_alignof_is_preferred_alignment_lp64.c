/* expected: true; inputs: ; note: gcc's __alignof__ gives a type's preferred alignment: 8 for long long and double on i386, where _Alignof gives 4; both 8 on x86-64 */
extern void reach_error(void);

int main(void) {
  if (__alignof__(long long) != _Alignof(long long) || __alignof(double) != 8) reach_error();
  return 0;
}
