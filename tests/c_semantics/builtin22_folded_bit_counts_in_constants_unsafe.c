/* expected: false; inputs: ; note: gcc folds its bit counts, byte swaps and __builtin_abs of constants into integer constant expressions: enumerator values, array sizes and case labels */
extern void reach_error(void);

enum {
  P = __builtin_popcount(0xF0u),
  Z = __builtin_clz(1u),
  T = __builtin_ctzll(8ULL),
  F = __builtin_ffs(-4),
  S = __builtin_bswap16(0x1234),
  A = __builtin_abs(-7)
};

int table[__builtin_popcountl(0x7UL)];

int main(void) {
  int k = 0;
  switch (4) {
    case __builtin_popcount(15): k = 1; break;
    default: k = 2;
  }
  if (P == 4 && Z == 31 && T == 3 && F == 3 && S == 0x3412 && A == 7 && sizeof table == 3 * sizeof(int) && k == 1)
    reach_error();
  return 0;
}
