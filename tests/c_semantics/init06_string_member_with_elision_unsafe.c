/* expected: false; inputs: ; note: in struct s v[2] = {"ab", 1, "cd", 2} each string initialises a char array member and the braces of the structs are elided */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s { char t[4]; int n; };
struct s v[2] = {"ab", 1, "cd", 2};
int main(void) {
  if (v[1].t[1] == 100 && v[1].n == 2 && v[0].t[2] == 0) reach_error();
  return 0;
}
