/* expected: true; inputs: ; note: exit() inside a called function ends the path before reach_error */
extern void reach_error(void);
extern void exit(int);
extern int __VERIFIER_nondet_int(void);

void fail(int code) { exit(code); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x != 0) {
    fail(1);
    reach_error();
  }
  return 0;
}
