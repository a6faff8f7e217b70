/* expected: false; inputs: ; note: return 300 from a function returning unsigned char gives 44 */
extern void reach_error(void);

unsigned char f(void) { return 300; }
int main(void) {
  if (f() == 44) reach_error();
  return 0;
}
