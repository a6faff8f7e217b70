/* expected: false; inputs: -3; note: free of a null pointer does nothing and returns: the run goes on to reach_error */
extern void *malloc(unsigned long size);
extern void free(void *p);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c < -1000 || c > 1000) return 0;
  int *p = 0;
  if (c > 0) {
    p = malloc(sizeof(int));
    if (p == 0) return 0;
    *p = c;
  }
  int v = p ? *p : 0;
  free(p);
  if (v == 0 && c == -3) reach_error();
  return 0;
}
