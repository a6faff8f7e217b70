/* expected: true; inputs: ; note: _Alignof(long double) is 4 on i386, 16 on x86-64 */
extern void reach_error(void);

int main(void) {
  if (_Alignof(long double) == 4) reach_error();
  return 0;
}
