/* expected: true; inputs: ; note: reach_error's address is stored in a table, but the input only ever selects the other entries: taking the address of the property's function is no call of it */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "fnptr11_target_address_taken_not_called_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

static int count;
static void tick(void) { count++; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  void (*table[3])(void) = { tick, reach_error, tick };
  if (k != 1) table[k]();
  if (table[1] != reach_error || count > 1) reach_error();
  return 0;
}
