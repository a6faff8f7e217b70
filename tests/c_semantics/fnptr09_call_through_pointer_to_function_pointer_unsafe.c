/* expected: false; inputs: 9; note: (*pf)(v) with pf a pointer to a function pointer loads the function pointer and calls it; (**pf)(v) is the same call */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

static int plus1(int v) { return v + 1; }
static int minus1(int v) { return v - 1; }
typedef int (*op_t)(int);

static void choose(op_t *slot, int up) { *slot = up ? plus1 : minus1; }

int main(void) {
  unsigned char v = __VERIFIER_nondet_uchar();
  op_t f;
  op_t *pf = &f;
  choose(pf, v & 1);
  int r = (*pf)(v);
  int s = (**pf)(v);
  if (r != s) reach_error();
  if (r == 10) reach_error();
  return 0;
}
