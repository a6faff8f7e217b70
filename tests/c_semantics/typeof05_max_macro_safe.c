/* expected: true; inputs: ; note: the GNU max macro with typeof copies of its unsigned char arguments; the ?: of two unsigned chars is an int */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

#define MAX(a, b) ({ __typeof__(a) a_ = (a); __typeof__(b) b_ = (b); a_ > b_ ? a_ : b_; })

int main(void) {
  unsigned char c1 = __VERIFIER_nondet_uchar();
  unsigned char c2 = __VERIFIER_nondet_uchar();
  int m = MAX(c1, c2);
  if (m < c1 || m < c2 || (m != c1 && m != c2) || sizeof(MAX(c1, c2)) != sizeof(int)) reach_error();
  return 0;
}
