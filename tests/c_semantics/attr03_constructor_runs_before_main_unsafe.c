/* expected: false; inputs: ; note: a constructor function runs before main (the attribute is refused: UNKNOWN is right) */
extern void reach_error(void);
int table[3];
__attribute__((constructor)) static void setup(void) { table[1] = 42; }
int main(void) {
  if (table[1] == 42) reach_error();
  return 0;
}
