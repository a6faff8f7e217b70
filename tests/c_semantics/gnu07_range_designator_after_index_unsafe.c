/* expected: false; inputs: 2; note: a GNU range designator after other designators ([1][0 ... 2] = 7, .b[1 ... 2] = 5) initialises elements of the designated subobject only: m[1][2] is 7, m[2][0] stays 0, and a.b[1], a.b[2] are 5 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int m[3][4] = {[1][0 ... 2] = 7};
union A { unsigned char b[4]; unsigned int i; } a = {.b[1 ... 2] = 5};
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  if (m[1][k] == 7 && m[2][0] == 0 && m[1][3] == 0 && a.i == 0x050500u && k == 2) reach_error();
  return 0;
}
