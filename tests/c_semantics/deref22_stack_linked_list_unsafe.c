/* expected: false; inputs: 6; note: a list of three stack nodes linked by next pointers, walked until null: 1 + 6 + 3 == 10 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct N { int v; struct N *next; };

int main(void) {
  struct N n3 = {3, 0};
  struct N n2 = {2, &n3};
  struct N n1 = {1, &n2};
  n2.v = __VERIFIER_nondet_int();
  if (n2.v < -1000 || n2.v > 1000) return 0;
  int s = 0;
  for (struct N *p = &n1; p != 0; p = p->next) s += p->v;
  if (s == 10) reach_error();
  return 0;
}
