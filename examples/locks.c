/* A lock that is acquired and released in a loop; the ERROR label is unreachable
   when the lock discipline holds. Verify it with: cpa verify examples/locks.c */
int nondet(void);

int main(void) {
  int lock = 0;
  int p;
  while (nondet()) {
    p = nondet();
    if (p) {
      lock = 1;
    }
    if (p) {
      if (lock != 1) {
        goto ERROR;
      }
      lock = 0;
    }
  }
  return 0;
ERROR:
  return 1;
}
