/* expected: false; inputs: ; note: _Atomic long long is 8-aligned on i386 while long long is 4-aligned */
extern void reach_error(void);

int main(void) {
  if (_Alignof(_Atomic long long) != _Alignof(long long)) reach_error();
  return 0;
}
