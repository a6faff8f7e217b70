/* expected: false; inputs: ; note: a GNU max macro evaluates each argument once, left to right (declarator sequence points) */
extern void reach_error(void);

#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })
int main(void) {
  int i = 0;
  int m = MAX(i++, i++);
  if (m == 1 && i == 2) reach_error();
  return 0;
}
