/* expected: false; inputs: ; note: an enumerator without a value is the previous one plus one, also after a negative one */
extern void reach_error(void);

enum e { A, B = 5, C, D = -2, E };

int main(void) {
  if (A == 0 && C == 6 && E == -1 && sizeof(enum e) == 4) reach_error();
  return 0;
}
