/* expected: true; inputs: ; note: a block-scope extern array without length is the file-scope array defined later; its elements and sizeof are the definition's */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int get(int i) {
  extern int tbl[];
  return tbl[i];
}

int tbl[4] = {10, 20, 30};

int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  if (get(i) > 30 || get(i) < 0) reach_error();
  if (sizeof tbl != 4 * sizeof(int)) reach_error();
  return 0;
}
