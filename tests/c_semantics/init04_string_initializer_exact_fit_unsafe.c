/* expected: false; inputs: ; note: char c[3] = "abc" is allowed: the characters fit exactly and the terminating zero is dropped */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char c[3] = "abc";
  if (c[2] == 99 && sizeof c == 3) reach_error();
  return 0;
}
