/* A counter that may skip its check: the ERROR label is reachable, but only for
   one input. cpa verify prints FALSE, the error path and the input that leads
   there (limit = 3). */
int __VERIFIER_nondet_int(void);

int main(void) {
  int limit = __VERIFIER_nondet_int();
  int i = 0;
  int checked = 1;
  while (i < 5) {
    if (i == limit) {
      checked = 0;
    }
    i = i + 1;
  }
  if (!checked && limit == 3) {
  ERROR:
    return 1;
  }
  return 0;
}
