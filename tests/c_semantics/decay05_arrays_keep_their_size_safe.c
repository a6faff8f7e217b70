/* expected: true; inputs: ; note: where no conversion applies an array keeps its type: sizeof a, sizeof (a), sizeof *&a, sizeof m[1], sizeof *m and sizeof "abc" are the arrays' sizes */
extern void reach_error(void);

int main(void) {
  int a[10];
  int m[3][4];
  a[0] = 0;
  m[0][0] = 0;
  if (sizeof a != 40 || sizeof(a) != 40 || sizeof *&a != 40) reach_error();
  if (sizeof m[1] != 16 || sizeof *m != 16 || sizeof "abc" != 4) reach_error();
  return 0;
}
