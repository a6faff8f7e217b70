/* expected: false; inputs: 256; note: conversion to _Bool: any non-zero value becomes 1 (not the low bit) */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  _Bool b = x & 256;
  if (b == 1) reach_error();
  return 0;
}
