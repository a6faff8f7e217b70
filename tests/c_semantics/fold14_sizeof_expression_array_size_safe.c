/* expected: true; inputs: ; note: sizeof of an expression is an integer constant expression: array sizes and enumerators from sizeof a / sizeof a[0], sizeof "ab", and sizeof (x++), whose operand is not evaluated */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int g[7];
int h[sizeof g / sizeof g[0] + 1];

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x;
  int a[5];
  int b[sizeof(a) / sizeof(a[0])];
  char s[sizeof "ab"];
  long c[sizeof(x++)];
  enum { E = sizeof a + sizeof *g };
  if (x != y) reach_error();
  if (sizeof h != 32 || sizeof b != 20 || sizeof s != 3 || sizeof c != 32 || E != 24)
    reach_error();
  return 0;
}
