/* expected: false; inputs: 3; note: the property names foo: the call of the defined function foo is the violation */
extern int __VERIFIER_nondet_int(void);

int counter;
void foo(void) { counter++; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) foo();
  return 0;
}
