/* expected: true; inputs: ; note: struct { char; int; short; }: size 12, align 4, member offsets 0, 4, 8 in both models */
extern void reach_error(void);

struct S { char c; int i; short s; };
int main(void) {
  if (sizeof(struct S) != 12 || _Alignof(struct S) != 4) reach_error();
  if (__builtin_offsetof(struct S, i) != 4) reach_error();
  if (__builtin_offsetof(struct S, s) != 8) reach_error();
  return 0;
}
