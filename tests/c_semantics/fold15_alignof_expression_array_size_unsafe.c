/* expected: false; inputs: 5; note: an array size from sizeof and __alignof__ of expressions: 4 + 8 + 1 == 13 under LP64, where a long long member is 8-aligned */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct P { char c; long long v; };
struct P gp;

int main(void) {
  int x = __VERIFIER_nondet_int();
  char buf[sizeof(x) + __alignof__(gp.v) + sizeof gp.c];
  if (sizeof buf == 13 && x == 5) reach_error();
  return 0;
}
