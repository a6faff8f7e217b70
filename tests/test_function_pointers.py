"""Calls through function pointers: a branch per function whose address the program
takes (:meth:`cpa.cfa.lowering.FunctionLowering._dispatch`), functions with addresses in
the memory model, and what stays unsupported or undefined.

Every verdict below was checked by compiling the program with gcc."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate.memory import MemoryLayout

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

OPERATIONS = """int g;
int inc(int x) { return x + 1; }
int dbl(int x) { return 2 * x; }
void set(int x) { g = x; }
struct ops { int (*op)(int); void (*store)(int); };
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  int (*fp)(int) = inc;
  if (__VERIFIER_nondet_int()) fp = &dbl;
  struct ops o = { fp, set };
  struct ops *p = &o;
  int r = p->op(k);
  p->store(r);
  (*o.store)(g + 1);
  if (CONDITION) reach_error();
  return 0;
}"""


def _verify(tmp_path: Path, body: str, config: str | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


def test_functions_whose_address_is_taken_get_addresses_apart_from_objects():
    cfa = parse_source(HEADER + OPERATIONS.replace("CONDITION", "g == 11"))
    layout = MemoryLayout(cfa)
    assert sorted(layout.functions) == ["dbl", "inc", "set"]
    addresses = sorted(layout.functions.values())
    assert len(set(addresses)) == 3
    for memory_object in layout.objects.values():
        for address in addresses:
            assert not memory_object.base <= address <= memory_object.base + memory_object.size


@pytest.mark.parametrize("config", ["lbe", "abe-l", "impact", "cpufo"])
def test_the_called_function_follows_the_pointer(tmp_path: Path, config: str):
    found = _verify(tmp_path, OPERATIONS.replace("CONDITION", "g == 11 && k == 5"), config)
    assert found.verdict is Verdict.FALSE, found.reason
    assert [item.value for item in found.counterexample.inputs][0] == 5
    # inc gives k + 2, dbl 2k + 1: 12 only through inc, from k == 10
    proved = _verify(tmp_path, OPERATIONS.replace("CONDITION", "g == 12 && k != 10"), config)
    assert proved.verdict is Verdict.TRUE, proved.reason


def test_a_table_of_function_pointers_is_called_in_a_loop(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int a(void) { return 1; }
int b(void) { return 2; }
int (*table[2])(void) = { a, b };
int main(void) {
  int s = 0;
  for (int i = 0; i < 2; i++) s += table[i]();
  if (s != 3) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


@pytest.mark.parametrize(
    "body",
    [
        # null on one branch
        "int inc(int x) { return x + 1; }\n"
        "int main(void) { int (*fp)(int) = 0; if (__VERIFIER_nondet_int()) fp = inc;"
        " if (fp(1) != 2) reach_error(); return 0; }",
        # a function of another type
        "int one(void) { return 1; }\n"
        "int main(void) { int (*fp)(int) = (int (*)(int)) one;"
        " if (fp(1) != 1) reach_error(); return 0; }",
    ],
)
def test_a_call_through_a_pointer_to_no_function_of_its_type_is_undefined(tmp_path, body):
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.UNKNOWN, result.reason
    assert "undefined behaviour" in result.reason and "call through 'fp'" in result.reason


@pytest.mark.parametrize(
    "body, construct",
    [
        (  # the callee may call the callback: program code runs inside it
            "extern void reg(void (*cb)(void));\nint g;\nvoid cb(void) { g = 1; }\n"
            "int main(void) { reg(cb); if (g) reach_error(); return 0; }",
            "'cb' passed to external function reg()",
        ),
        (  # a function without a body has no address here
            "extern int ext(int);\n"
            "int main(void) { int (*fp)(int) = ext; if (fp(1) != 2) reach_error(); return 0; }",
            "the address of function ext",
        ),
    ],
)
def test_what_function_pointers_do_not_cover_is_unsupported(tmp_path, body, construct):
    reason = _unknown_reason(tmp_path, body)
    assert "unsupported" in reason and construct in reason, reason


def _unknown_reason(tmp_path, body: str) -> str:
    """The reason of an UNKNOWN answer, or of a refusal while the CFA is built (which
    the command line reports as UNKNOWN)."""
    try:
        result = _verify(tmp_path, body)
    except UnsupportedFeature as refused:
        return str(refused)
    assert result.verdict is Verdict.UNKNOWN, result.reason
    return result.reason


def test_a_callback_is_refused_even_where_the_path_ends_in_exit(tmp_path):
    # the large blocks dropped the path that ends in exit(0), so atexit(h) went unseen
    # and the answer was TRUE; gcc's run calls h at exit and reaches the error
    body = (
        "extern int atexit(void (*)(void));\nextern void exit(int);\nint g;\n"
        "void h(void) { if (g == 1) reach_error(); }\n"
        "void f(void) { atexit(h); g = 1; exit(0); }\n"
        "int main(void) { f(); return 0; }"
    )
    reason = _unknown_reason(tmp_path, body)
    assert "passed to external function atexit()" in reason, reason


def test_a_pointer_to_data_holding_a_callback_is_refused_even_before_exit(tmp_path):
    body = (
        "extern void exit(int);\nstruct ops { void (*cb)(void); };\n"
        "extern void register_ops(struct ops *);\n"
        "static void handler(void) { reach_error(); }\n"
        "void f(void) { struct ops o; o.cb = handler; register_ops(&o); exit(0); }\n"
        "int main(void) { f(); return 0; }"
    )
    reason = _unknown_reason(tmp_path, body)  # was TRUE: the path ending in exit dropped
    assert "passed to external function register_ops()" in reason, reason


CALLEES_DEFINED_LATER = """static int twice(int (*h)(int), int x) { return h(h(x)); }
static int sq(int x) { return x * x; }
static int neg(int x) { return -x; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  int r = twice(k % 2 ? sq : neg, k);
  if (CONDITION) reach_error();
  return 0;
}"""


@pytest.mark.parametrize(
    ("condition", "expected"),
    [("r != (k % 2 ? k * k * k * k : k)", Verdict.TRUE), ("r == 81", Verdict.FALSE)],
)
def test_a_call_through_a_pointer_reaches_functions_defined_after_the_caller(
    tmp_path: Path, condition: str, expected: Verdict
):
    """``twice`` calls through ``h`` before ``sq`` and ``neg`` are declared: its branches
    are built once their types are known (they were a call of no function, undefined:
    UNKNOWN). gcc: the first program never reaches the error, the second does at k = 3."""
    result = _verify(tmp_path, CALLEES_DEFINED_LATER.replace("CONDITION", condition))
    assert result.verdict is expected, result.reason


_FAILING = (
    "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n"
    'void reach_error(void) { __assert_fail("0", "f.c", 3, "reach_error"); }\n'
    "extern int __VERIFIER_nondet_int(void);\n"
    "static void nop(void) { }\n"
)


@pytest.mark.parametrize(
    "header, body",
    [
        (_FAILING, "void (*p)(void) = reach_error; p();"),
        (_FAILING, "(&reach_error)();"),
        (_FAILING, "(*reach_error)();"),
        (_FAILING, "void (*t[3])(void) = {nop, reach_error, nop}; t[k]();"),
        # SV-COMP's older reach_error() with an empty body, and one without a body
        (
            "void reach_error(void) { }\nextern int __VERIFIER_nondet_int(void);",
            "void (*p)(void) = reach_error; p();",
        ),
        (
            HEADER + "static void nop(void) { }",
            "void (*p)(void) = k == 1 ? reach_error : nop; p();",
        ),
    ],
)
@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_a_call_of_the_target_through_a_pointer_is_the_violation(tmp_path, header, body, config):
    program = tmp_path / "program.c"
    program.write_text(
        header + "\nint main(void) { int k = __VERIFIER_nondet_int();"
        f" if (k < 0 || k > 2) return 0; {body} return 0; }}"
    )
    result = verify(program, config, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.FALSE  # confirmed by gcc runs, which see the call too


def test_a_target_whose_address_is_taken_but_never_called_is_safe(tmp_path):
    body = (
        "int main(void) { int k = __VERIFIER_nondet_int();"
        " void (*p)(void) = k == 1 ? reach_error : 0; if (k != 1) return 0; return p != 0; }"
    )
    assert _verify(tmp_path, body).verdict is Verdict.TRUE
