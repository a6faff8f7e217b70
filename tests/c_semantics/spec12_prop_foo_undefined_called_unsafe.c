/* expected: false; inputs: -1; note: the property names foo, a function without a body: reaching its call is the violation */
extern void foo(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = x;
  if (u == 4294967295u) foo();
  return 0;
}
