/* expected: false; inputs: 7; note: calls of C library functions (rand, puts) come before the nondet input; the violation needs x == 7 and holds for whatever rand returns */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int rand(void);
extern int puts(const char *);
int main(void) {
  int r = rand();
  puts("ready");
  int x = __VERIFIER_nondet_int();
  if (x == 7 && r >= 0) reach_error();
  return 0;
}
