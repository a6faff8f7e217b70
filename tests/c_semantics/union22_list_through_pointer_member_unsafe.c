/* expected: false; inputs: 3; note: a list whose nodes hold either the next node's address or a value in one union: the walk follows the stored pointers to the last node, two steps, whose value is the input; reached for 3 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { int kind; union { int val; struct node *next; } u; };
int main(void) {
  struct node a, b, c;
  c.kind = 0; c.u.val = __VERIFIER_nondet_int();
  b.kind = 1; b.u.next = &c;
  a.kind = 1; a.u.next = &b;
  struct node *n = &a;
  int steps = 0;
  while (n->kind) { n = n->u.next; steps++; }
  if (steps == 2 && n->u.val == 3) reach_error();
  return 0;
}
