/* expected: false; inputs: ; stubs: g -> 0; note: every value of unsigned short is below 65536: the error is reached whatever g returns */
extern void reach_error(void);
extern unsigned short g(void);

int main(void) {
  if (g() < 65536) reach_error();
  return 0;
}
