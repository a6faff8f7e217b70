/* Declarations of the SV-COMP verifier functions, shipped with the cpa frontend. */
#ifndef CPA_VERIFIER_H
#define CPA_VERIFIER_H
extern void __VERIFIER_error(void);
extern void reach_error(void);
extern void __VERIFIER_assume(int condition);
extern void abort(void);
extern void __assert_fail(const char *assertion, const char *file, unsigned int line,
                          const char *function);
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void *__VERIFIER_nondet_pointer(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
#endif
