/* expected: true; inputs: ; note: initializers of objects with static storage are converted to the object type like assignments */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
unsigned char gc = 300;
short gs = 40000;
_Bool gb = 256;
int gi = 4294967297L;
char gx = '\xff';
unsigned ga[2] = { -1, -2 };
struct S { signed char c; unsigned short u; } gst = { 200, -1 };
int main(void) {
  static unsigned char sc = -3;
  int k = __VERIFIER_nondet_int();
  if (gc != 44 || gs != -25536 || gb != 1 || gi != 1 || gx != -1) reach_error();
  if (ga[0] <= ga[1] || ga[1] != 4294967294u) reach_error();
  if (gst.c != -56 || gst.u != 65535 || sc != 253) reach_error();
  if (k == gc + gs && k != -25492) reach_error();
  return 0;
}
