/* expected: true; inputs: ; note: b-- on _Bool toggles it (0 - 1 = -1 converts to 1); b++ always yields 1 */
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  _Bool c = b;
  _Bool d = b;
  b--;
  if (b == c) reach_error();
  d++;
  d++;
  if (d != 1) reach_error();
  return 0;
}
