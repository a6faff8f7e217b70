/* expected: false; inputs: ; note: sizeof(__builtin_bswap64(1)) is 8 (uint64_t), not the int of an implicit declaration (refused: UNKNOWN is right) */
extern void reach_error(void);

int main(void) {
  if (sizeof(__builtin_bswap64(1)) == 8) reach_error();
  return 0;
}
