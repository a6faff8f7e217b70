/* expected: false; inputs: ; note: adjacent literals "\x4" "1": the escape ends with its literal, so s is {4, 49, 0} (sizeof 3) */
extern void reach_error(void);
char s[] = "\x4" "1";
int main(void) {
  if (sizeof(s) == 3 && s[1] == '1') reach_error();
  return 0;
}
