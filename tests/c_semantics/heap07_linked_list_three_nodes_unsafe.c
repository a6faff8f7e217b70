/* expected: false; inputs: 6; note: a list of three malloc'd nodes linked by next pointers, walked until null: 1 + 6 + 3 == 10 */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct node { int v; struct node *next; };

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  struct node *n1 = malloc(sizeof(struct node));
  if (n1 == 0) return 0;
  struct node *n2 = malloc(sizeof(struct node));
  if (n2 == 0) return 0;
  struct node *n3 = malloc(sizeof(struct node));
  if (n3 == 0) return 0;
  n1->v = 1;
  n2->v = x;
  n3->v = 3;
  n1->next = n2;
  n2->next = n3;
  n3->next = 0;
  int sum = 0;
  struct node *c;
  for (c = n1; c != 0; c = c->next) sum += c->v;
  if (sum == 10) reach_error();
  return 0;
}
