/* expected: false; inputs: ; note: adjacent literals "\1" "23": u is {1, 50, 51, 0}, not "\123" */
extern void reach_error(void);
int main(void) {
  char u[] = "\1" "23";
  if (u[0] == 1 && sizeof(u) == 4) reach_error();
  return 0;
}
