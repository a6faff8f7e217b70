/* expected: false; inputs: ; note: in s.x + f() gcc reads the member s.x before the call (a plain variable it reads after); C leaves the order open, so either value is possible */
extern void reach_error(void);

struct S {
  int x;
} s;

int f(void) {
  s.x = 20;
  return 1;
}

int main(void) {
  s.x = 2;
  if (s.x + f() == 3) reach_error();
  return 0;
}
