/* expected: true; inputs: ; note: a nondet uchar stored into int is never negative */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  int x = __VERIFIER_nondet_uchar();
  if (x < 0) reach_error();
  return 0;
}
