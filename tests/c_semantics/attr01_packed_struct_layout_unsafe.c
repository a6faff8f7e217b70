/* expected: false; inputs: 7; note: a packed struct has no padding: sizeof is 7 */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
struct __attribute__((packed)) P { char c; int x; short s; };
int main(void) {
  struct P p = {0, 0, 0};
  unsigned char v = __VERIFIER_nondet_uchar();
  p.x = v;
  if (sizeof(struct P) == 7 && p.x == 7) reach_error();
  return 0;
}
