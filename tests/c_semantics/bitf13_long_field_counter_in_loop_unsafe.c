/* expected: false; inputs: 20; note: a 4-bit bit-field of type unsigned long counts modulo 16 in a loop: after 20 increments it holds 4 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct C {
  unsigned long count : 4;
  unsigned long rest : 28;
};

int main(void) {
  struct C s = {0, 0};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 40) return 0;
  for (int i = 0; i < n; i++) s.count++;
  if (n > 16 && s.count == n - 16) reach_error();
  return 0;
}
