/* expected: true; inputs: ; note: a 2-bit counter in an array of structs, incremented through a variable index, wraps 3 -> 0 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct C {
  unsigned n : 2;
  int tag;
};

int main(void) {
  struct C a[3] = {{3, 1}, {1, 2}, {2, 3}};
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  a[k].n++;
  if (a[k].n != (a[k].tag == 1 ? 0 : a[k].tag) || a[k].tag != k + 1) reach_error();
  return 0;
}
