/* expected: true; inputs: ; note: a store into a bit-field of type unsigned long (3 bits), long (4 bits, gcc wraps 8 to -8) or unsigned long long (32 bits) keeps the value modulo its width; the 32-bit one computes as unsigned int */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

struct L {
  unsigned long a : 3;
  long b : 4;
  unsigned long long c : 32;
};

int main(void) {
  struct L s;
  unsigned int n = __VERIFIER_nondet_uint();
  s.a = n;
  s.b = 7;
  s.b = s.b + 1;
  s.c = n;
  s.c = s.c + 1;
  if (s.a != n % 8 || s.b != -8 || s.c != n + 1u) reach_error();
  return 0;
}
