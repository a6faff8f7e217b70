/* expected: true; inputs: ; note: a statement expression with a side effect as loop condition */
extern void reach_error(void);

int main(void) {
  int c = 0;
  while (({ c++; c < 5; }))
    ;
  if (c != 5) reach_error();
  return 0;
}
