/* expected: true; inputs: ; note: an undefined function returning _Bool returns 0 or 1 */
extern void reach_error(void);
extern _Bool h(void);

int main(void) {
  int v = h();
  if (v > 1 || v < 0) reach_error();
  return 0;
}
