/* expected: false; inputs: ; note: -1u == 4294967295u equals the decimal (long) constant 4294967295 */
extern void reach_error(void);

int main(void) {
  if (-1u == 4294967295) reach_error();
  return 0;
}
