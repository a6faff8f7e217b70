/* expected: false; inputs: ; note: while (i--) runs three times from 3 and leaves i wrapped to UINT_MAX */
extern void reach_error(void);

int main(void) {
  unsigned i = 3;
  int n = 0;
  while (i--) n++;
  if (i == 4294967295u && n == 3) reach_error();
  return 0;
}
