/* expected: true; inputs: ; note: #pragma pack(push, N), pop, pack(N) and pack(): the members' alignment is at most N where it is in effect (sizes 7, 6, 9, 8, 12, 16) */
extern void reach_error(void);
#pragma pack(push, 1)
struct P { char c; int x; short s; };
#pragma pack(push, 2)
struct Q { char c; int x; };
#pragma pack(pop)
struct R { char c; long long x; };
#pragma pack(pop)
struct N { char c; int x; };
#pragma pack(4)
struct M { char c; double d; };
#pragma pack()
struct D { char c; double d; };
int main(void) {
  if (sizeof(struct P) != 7) reach_error();
  if (sizeof(struct Q) != 6) reach_error();
  if (sizeof(struct R) != 9) reach_error();
  if (sizeof(struct N) != 8) reach_error();
  if (sizeof(struct M) != 12) reach_error();
  if (sizeof(struct D) != 16) reach_error();
  return 0;
}
