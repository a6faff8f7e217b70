/* expected: true; inputs: ; note: a bit-field of type unsigned long takes its type's alignment: after a char, one of 1 bit makes the struct 8 bytes under LP64 and 4 under ILP32; two of 30 bits do not share one 32-bit unit */
extern void reach_error(void);

struct T {
  char c;
  unsigned long f : 1;
};

struct U {
  char c;
  unsigned long f : 30;
  unsigned long g : 30;
};

int main(void) {
  struct T t;
  struct U u;
  t.f = 1;
  u.f = 5;
  u.g = u.f + 1;
  if (sizeof(struct T) != 4 || sizeof(struct U) != 12 || t.f != 1 || u.g != 6) reach_error();
  return 0;
}
