/* expected: false; inputs: 5; note: a pointer that a function without body returns may be null or not, and comparing it with a null pointer constant is defined (the gcc check's get() returned the address of a static int) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int *get(void);

int main(void) {
  int *p = get();
  if (p == 0) return 0;
  if (__VERIFIER_nondet_int() == 5) reach_error();
  return 0;
}
