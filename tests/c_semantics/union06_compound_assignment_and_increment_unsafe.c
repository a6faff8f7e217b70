/* expected: false; inputs: 1; note: a compound assignment to a byte of a union wraps within the byte (0xff + 1 is 0, nothing carries into the next byte); the increment of the short member then sees both bytes, 0x0100 + 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { unsigned char b[2]; unsigned short s; };
int main(void) {
  union U u;
  u.s = 0x01ff;
  int x = __VERIFIER_nondet_int();
  u.b[0] += x;
  u.s++;
  if (u.b[1] == 1 && u.b[0] == 1) reach_error();
  return 0;
}
