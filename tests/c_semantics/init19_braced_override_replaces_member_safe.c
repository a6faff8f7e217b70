/* expected: true; inputs: ; note: an override with its own braces, or a string literal for a char array, replaces the whole member: what an earlier designator gave it is zero again */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct I { int x, y; };
struct O { struct I in; int z; };
struct T { char s[4]; int k; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  int m[2][2] = {[1][1] = 7, [1] = {x}};
  struct O o = {.in.y = 4, .in = {x}};
  struct T t = {.s[2] = 'z', .s = "ab"};
  if (m[1][1] != 0 || o.in.y != 0 || t.s[2] != 0 || m[1][0] != x) reach_error();
  return 0;
}
