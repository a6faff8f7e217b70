/* expected: true; inputs: ; note: a bit-field shares the unit after a char, and a long long member is aligned to 8 under LP64 but 4 under ILP32: sizeof is 16 (LP64) or 12 (ILP32); a zero-width bit-field starts a new unit */
extern void reach_error(void);

struct S {
  char c;
  int x : 3;
  long long y;
};

struct Z {
  char a;
  int : 0;
  char b;
};

int main(void) {
  if (sizeof(struct S) == 12 && sizeof(struct Z) == 5) reach_error();
  return 0;
}
