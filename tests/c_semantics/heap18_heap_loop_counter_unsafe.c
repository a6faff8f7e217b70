/* expected: false; inputs: 5; note: a loop counter kept in a malloc'd cell: for (*i = 0; *i < 5; (*i)++) s += *i gives 10 */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20) return 0;
  int *i = malloc(sizeof(int));
  if (i == 0) return 0;
  int s = 0;
  for (*i = 0; *i < n; (*i)++) s += *i;
  if (s == 10) reach_error();
  return 0;
}
