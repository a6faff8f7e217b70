/* expected: true; inputs: ; note: side effects of nested statement expressions happen in order before the value is used */
extern void reach_error(void);

int main(void) {
  int i = 1;
  int a = ({ i = i + 1; ({ i = i * 10; i; }) + 1; });
  if (a != 21 || i != 20) reach_error();
  return 0;
}
