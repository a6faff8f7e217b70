/* No path reaches the ERROR label at all: even the location analysis proves it. */
int nondet(void);

int main(void) {
  int x = nondet();
  while (x > 0) {
    x = x - 1;
  }
  return 0;
}

void never_called(void) {
ERROR:
  return;
}
