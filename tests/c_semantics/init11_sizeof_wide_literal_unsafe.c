/* expected: false; inputs: ; note: sizeof(L"ab") is 3 wchar_t of 4 bytes: 12 */
extern void reach_error(void);
int main(void) {
  if (sizeof(L"ab") == 12) reach_error();
  return 0;
}
