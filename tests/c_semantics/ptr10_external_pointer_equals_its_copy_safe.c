/* expected: true; note: a pointer an external function returned equals its copy and differs from a null pointer it was checked against */
extern void reach_error(void);
extern int *get(void);

int main(void) {
  int *p = get();
  int *q = p;
  if (p != q) reach_error();
  if (p != (void *) 0 && q == (void *) 0) reach_error();
  return 0;
}
