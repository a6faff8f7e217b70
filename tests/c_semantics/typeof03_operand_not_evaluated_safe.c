/* expected: true; inputs: ; note: the operand of typeof is not evaluated: neither x++ nor the call f() happens */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int calls;
int f(void) {
  calls++;
  return 1;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int x0 = x;
  typeof(x++) y = 0;
  __typeof(f()) r = y;
  if (x != x0 || calls != 0 || r != 0) reach_error();
  return 0;
}
