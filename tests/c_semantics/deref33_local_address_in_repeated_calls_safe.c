/* expected: true; inputs: ; note: a local whose address a helper writes, in a function called from a loop: each call's object holds that call's values, 2 + 3 + 4 == 9 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void add(int *p, int v) { *p = *p + v; }
static int twice(int v) {
  int t = v;
  add(&t, 1);
  add(&t, 1);
  return t;
}
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++)
    s += twice(i);
  if (s != 9)
    reach_error();
  return 0;
}
