/* expected: false; inputs: 5; note: *p reads x through its address: the value x holds at the read, not when &x was taken */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 0;
  int *p = &x;
  x = __VERIFIER_nondet_int();
  if (*p == 5) reach_error();
  return 0;
}
