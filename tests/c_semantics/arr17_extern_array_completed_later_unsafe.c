/* expected: false; inputs: 2; note: an array declared extern without length takes the length of its definition after the function that reads it */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int tbl[];

static int get(int i) { return tbl[i]; }

int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (get(i) == 30) reach_error();
  return 0;
}

int tbl[] = {10, 20, 30};
