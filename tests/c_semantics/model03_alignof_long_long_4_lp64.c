/* expected: true; inputs: ; note: _Alignof(long long) is 4 on i386 (ILP32), 8 on x86-64 */
extern void reach_error(void);

int main(void) {
  if (_Alignof(long long) == 4) reach_error();
  return 0;
}
