/* expected: false; inputs: 2; note: gcc promotes a bit-field of type unsigned long, unsigned long long or long that is at most 32 bits wide as an int one: to int below 32 bits (s.d - 5 is negative), to unsigned int at 32 (s.h - 5 wraps) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct L {
  unsigned long d : 31;
  unsigned long long g : 20;
  long e : 5;
  unsigned long h : 32;
};

int main(void) {
  struct L s;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  s.d = k;
  s.g = k;
  s.e = k;
  s.h = k;
  if (s.d - 5 < 0 && s.g - 5 < 0 && s.e - 5 < 0 && s.h - 5 > 0) reach_error();
  return 0;
}
