/* expected: true; inputs: ; note: an undefined void function cannot change a local whose address is not taken */
extern void reach_error(void);
extern void g(int);

int main(void) {
  int x = 5;
  g(x);
  if (x != 5) reach_error();
  return 0;
}
