/* expected: true; inputs: ; note: a char controlling expression promotes to int, so case 383 and case 255 never match (labels are not truncated to char) */
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  switch (c) {
    case 383: reach_error(); break;
    case 255: reach_error(); break;
    case -129: reach_error(); break;
    case 127: break;
    default: break;
  }
  return 0;
}
