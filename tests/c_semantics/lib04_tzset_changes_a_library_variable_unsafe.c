/* expected: false; inputs: ; note: daylight is declared extern and defined by the C library; tzset() sets it to 0 or 1, so the value the program stored before the call is gone (a function without a body may change the library's variables) */
extern void reach_error(void);
extern int daylight;
extern void tzset(void);
int main(void) {
  daylight = 5;
  tzset();
  if (daylight != 5) reach_error();
  return 0;
}
