/* expected: true; inputs: ; note: explicit casts through signed/unsigned char keep exactly the low 8 bits */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if ((int)(unsigned char)(signed char)x != (x & 255)) reach_error();
  if ((int)(signed char)(unsigned char)x != (signed char)x) reach_error();
  return 0;
}
