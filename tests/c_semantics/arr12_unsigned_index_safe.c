/* expected: true; inputs: ; note: an unsigned index below the length selects an element; all elements are even */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4] = {0, 2, 4, 6};
  unsigned int u = (unsigned int)__VERIFIER_nondet_int();
  if (u >= 4u) return 0;
  if (a[u] % 2 != 0) reach_error();
  return 0;
}
