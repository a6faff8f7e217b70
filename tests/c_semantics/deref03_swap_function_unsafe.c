/* expected: false; inputs: 2 5; note: swap(&x, &y) exchanges the caller's variables through their addresses */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  swap(&x, &y);
  if (x == 5 && y == 2) reach_error();
  return 0;
}
