/* expected: true; inputs: ; note: unsigned char s[] = "\xff\101\0z" has five bytes: 255, 65, 0, z and the terminating zero */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned char s[] = "\xff\101\0z";
  if (sizeof s != 5 || s[0] != 255 || s[1] != 65 || s[2] != 0 || s[3] != 122 || s[4] != 0)
    reach_error();
  return 0;
}
