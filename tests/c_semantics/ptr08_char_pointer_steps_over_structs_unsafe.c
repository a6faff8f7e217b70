/* expected: false; inputs: 2; note: char * arithmetic over an array of 8-byte structs counts bytes: (char *)&a[i] - (char *)a == 8 * i, and (struct S *)((char *)a + 8 * i) is &a[i] */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct S {
  int x;
  int y;
};

int main(void) {
  struct S a[3] = {{1, 2}, {3, 4}, {5, 6}};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  char *base = (char *)a;
  char *p = (char *)&a[i];
  long d = p - base;
  struct S *q = (struct S *)(base + d);
  if (d == 16 && q->y == 6) reach_error();
  return 0;
}
