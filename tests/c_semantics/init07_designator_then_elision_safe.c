/* expected: true; inputs: ; note: in int a[3][2] = {[1] = 7, 8, 9} the designated row takes 7 and 8, the next row 9 and a zero */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[3][2] = {[1] = 7, 8, 9};
  if (a[1][0] != 7 || a[1][1] != 8 || a[2][0] != 9 || a[2][1] != 0 || a[0][0] != 0)
    reach_error();
  return 0;
}
