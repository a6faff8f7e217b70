/* expected: false; inputs: 5; note: an array of a struct packed to 1 byte has the stride 5 */
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
#pragma pack(push, 1)
struct P { char c; int x; };
#pragma pack(pop)
int main(void) {
  struct P arr[2];
  unsigned char v = __VERIFIER_nondet_uchar();
  arr[1].x = v;
  long d = (char *)&arr[1] - (char *)&arr[0];
  if (d != 5) reach_error();
  if (arr[1].x == 5) reach_error();
  return 0;
}
