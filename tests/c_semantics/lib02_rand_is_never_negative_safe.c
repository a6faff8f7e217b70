/* expected: true; inputs: ; note: rand is the C library's and returns a value in [0, RAND_MAX] */
extern void reach_error(void);
extern int rand(void);
int main(void) {
  int r = rand();
  if (r < 0) reach_error();
  return 0;
}
