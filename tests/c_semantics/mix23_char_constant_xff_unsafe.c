/* expected: false; inputs: -1; note: '\xff' and '\377' are int constants with value -1 on x86-64 gcc (char is signed) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  char c = '\xff';
  if (k == c && k == '\377' && k < 0) reach_error();
  return 0;
}
