/* expected: false; inputs: 4; note: GNU range designators [lo ... hi] = v give every element of the range the value, a later designator overrides one, and they complete an array's length: b has 7 elements, b[4] == E */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

enum { E = 9 };
int g[5] = { [0 ... 4] = -1 };

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  int a[6] = { [1 ... 3] = 7, [2] = 1 };
  char c[4] = { [0 ... 3] = 'z' };
  int b[] = { [0 ... 2] = 0x10u, [4 ... 6] = E };
  if (sizeof b != 7 * sizeof(int) || g[k % 5] != -1 || c[k % 4] != 'z') return 0;
  if (a[2] == 1 && a[3] == 7 && a[0] == 0 && b[k] == E + k - 4) reach_error();
  return 0;
}
