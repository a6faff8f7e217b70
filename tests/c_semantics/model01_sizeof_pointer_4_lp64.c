/* expected: true; inputs: ; note: sizeof(void *) is 4 under ILP32, 8 under LP64 */
extern void reach_error(void);

int main(void) {
  if (sizeof(void *) == 4) reach_error();
  return 0;
}
