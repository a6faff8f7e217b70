/* expected: true; inputs: ; note: a GNU case range whose low end is above its high end (case 5 ... 1:) matches nothing */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int k = 0;
  switch (x) {
  case 5 ... 1: k = 3; break;
  default: k = 4;
  }
  if (k == 3) reach_error();
  return 0;
}
