/* expected: false; inputs: ; note: a bit-field written through a pointer keeps 9 mod 8 = 1 (objects with bit-fields are not modelled in memory: UNKNOWN is right) */
extern void reach_error(void);

struct S {
  unsigned u : 3;
  int i : 3;
};

void set(struct S *p, int v) { p->u = v; }

int main(void) {
  struct S s = {0, 0};
  set(&s, 9);
  if (s.u == 1) reach_error();
  return 0;
}
