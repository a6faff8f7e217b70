/* expected: true; inputs: ; note: a switch with no matching case and no default executes none of its body */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  switch (x) {
    case 1:
      r = 1;
      break;
    case 2:
      r = 2;
  }
  if (x != 1 && x != 2 && r != 0) reach_error();
  return 0;
}
