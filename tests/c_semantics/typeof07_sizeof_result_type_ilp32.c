/* expected: false; inputs: ; note: typeof (sizeof (int)) is size_t: unsigned long (64 bits) under LP64, unsigned int under ILP32, so -1 in it equals 4294967295 only under ILP32 */
extern void reach_error(void);

int main(void) {
  typeof(sizeof(int)) n = -1;
  if (n == 4294967295u) reach_error();
  return 0;
}
