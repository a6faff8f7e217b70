/* expected: false; inputs: ; note: gcc: __builtin_constant_p of a string literal is 1 */
extern void reach_error(void);
int main(void) {
  if (__builtin_constant_p("abc")) reach_error();
  return 0;
}
