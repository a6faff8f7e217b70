/* expected: true; inputs: ; note: daylight and tzset are the C library's, as in every program including <time.h>; the program never reads daylight, so whatever tzset() does to it cannot matter */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int daylight;
extern void tzset(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  tzset();
  if (x > 5 && x < 3) reach_error();
  return 0;
}
