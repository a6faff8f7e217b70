/* expected: true; inputs: ; note: a function-pointer member called as s.op(x, 1) and p->op(x, 1) (p = &s) runs the function stored last */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct ops {
  int k;
  int (*op)(int, int);
};

int add(int a, int b) {
  return a + b;
}

int sub(int a, int b) {
  return a - b;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  struct ops s;
  s.k = 1;
  s.op = add;
  struct ops *p = &s;
  if (s.op(x, s.k) != x + 1) reach_error();
  if (p->op(x, p->k) != x + 1) reach_error();
  p->op = sub;
  if (s.op(x, s.k) != x - 1) reach_error();
  if (p->op(x, p->k) != x - 1) reach_error();
  return 0;
}
