/* expected: true; inputs: ; note: a local declaration shadows a static global inside its function only */
extern void reach_error(void);

static int g = 3;

int get(void) {
  int g = 7;
  return g;
}

int main(void) {
  if (get() != 7 || g != 3) reach_error();
  return 0;
}
