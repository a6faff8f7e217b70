/* expected: true; inputs: ; note: the initialiser of a static local does not run again on later calls */
extern void reach_error(void);

int f(void) {
  static int c = 0;
  c++;
  return c;
}

int main(void) {
  for (int i = 0; i < 3; i++) f();
  if (f() != 4) reach_error();
  return 0;
}
