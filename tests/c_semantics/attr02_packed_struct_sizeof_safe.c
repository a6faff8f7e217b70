/* expected: true; inputs: ; note: __attribute__((packed)) before the tag and after the body: sizeof is 5 either way */
extern void reach_error(void);
struct __attribute__((packed)) P { char c; int x; };
struct Q { char c; int x; } __attribute__((packed));
int main(void) {
  if (sizeof(struct P) != 5) reach_error();
  if (sizeof(struct Q) != 5) reach_error();
  return 0;
}
