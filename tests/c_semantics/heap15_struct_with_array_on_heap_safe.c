/* expected: true; inputs: ; note: a malloc'd struct with a length and an int[4] member, filled by pushes: data[i] == 3 * i for every i < len */
extern void *malloc(unsigned long size);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct buf { int len; int data[4]; };

int main(void) {
  struct buf *b = malloc(sizeof(struct buf));
  if (b == 0) return 0;
  b->len = 0;
  int k = 0;
  while (b->len < 4) {
    b->data[b->len] = k;
    b->len++;
    k += 3;
  }
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= b->len) return 0;
  if (b->len != 4 || b->data[i] != 3 * i) reach_error();
  return 0;
}
