/* expected: true; inputs: ; note: __alignof__ and _Alignof of an expression (gcc accepts both) give the alignment of its type: 4 for int and an int array element, 2 for short, in both models */
extern void reach_error(void);

int a[3];

int main(void) {
  short s = 0;
  if (__alignof__ a[1] != 4 || __alignof__(s) != 2 || _Alignof(a[0]) != 4) reach_error();
  return 0;
}
