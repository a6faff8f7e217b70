/* expected: false; inputs: ; note: gcc keeps a 3-byte _Atomic struct at 3 bytes, alignment 1 (clang rounds it up to 4) */
extern void reach_error(void);

struct T { char a[3]; };
int main(void) {
  if (sizeof(_Atomic struct T) == sizeof(struct T) && _Alignof(_Atomic struct T) == 1) reach_error();
  return 0;
}
