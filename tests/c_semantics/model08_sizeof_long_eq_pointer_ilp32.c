/* expected: true; inputs: ; note: sizeof(long) == sizeof(void *) under both ILP32 and LP64 */
extern void reach_error(void);

int main(void) {
  if (sizeof(long) != sizeof(void *)) reach_error();
  if (sizeof(long long) != 8) reach_error();
  return 0;
}
