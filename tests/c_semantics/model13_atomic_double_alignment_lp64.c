/* expected: true; inputs: ; note: _Atomic double is 8-aligned on i386 while double is 4-aligned; both 8 on x86-64 */
extern void reach_error(void);

int main(void) {
  if (_Alignof(_Atomic double) != _Alignof(double)) reach_error();
  if (sizeof(_Atomic double) != sizeof(double)) reach_error();
  return 0;
}
