/* expected: false; inputs: 0 2; note: b += k stores (b + k) != 0, so a _Bool holds 1 after adding 2 */
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  int k = __VERIFIER_nondet_int();
  if (k < 2 || k > 3) return 0;
  b += k;
  if (b == 1) reach_error();
  return 0;
}
