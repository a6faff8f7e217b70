/* expected: true; inputs: ; note: a function returns &g; a write through the returned pointer changes the global g */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int g = 0;

int *where(void) {
  return &g;
}

int main(void) {
  int v = __VERIFIER_nondet_int();
  *where() = v;
  if (g != v || where() != &g) reach_error();
  return 0;
}
