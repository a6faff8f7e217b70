/* expected: false; inputs: ; stubs: f -> 5; note: f has no body: it may return any int, e.g. 5 */
extern void reach_error(void);
extern int f(void);

int main(void) {
  int x = f();
  if (x == 5) reach_error();
  return 0;
}
