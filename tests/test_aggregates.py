"""Structs and arrays accessed by name (cells of the predicate encoding), and the
bounds checks that send an out-of-bounds index to an undefined-behaviour location.

The verdicts of the programs below were checked by compiling them with gcc; the
larger set is in ``tests/c_semantics`` (``arr*``, ``struct*``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import z3
from cegar_builders import analysis_only
from pysmt.shortcuts import BV, BVAdd, Symbol, get_env
from pysmt.typing import BVType

from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.cfa.types import BOOL, INT, LONGLONG, ArrayType, StructType
from cpa.errors import InputError, UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate import cells
from cpa_predicate.interpolation_z3 import BitVectorConverter

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"


def _verify(tmp_path: Path, body: str, config: str | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


# --- bounds checks -------------------------------------------------------------------------


def test_every_variable_index_gets_a_check_and_its_location_is_a_target():
    cfa = parse_source(
        HEADER
        + "int main(void) { int a[3]; int i = __VERIFIER_nondet_int(); a[i] = 1; return a[2]; }"
    )
    undefined = [node for node in cfa.nodes() if node.undefined is not None]
    assert len(undefined) == 1  # a[2] is a constant index within bounds: no check
    assert "a[i]" in undefined[0].undefined
    assert Specification.unreach_call().is_target(undefined[0])
    (check,) = undefined[0].entering
    assert str(check.condition) == "(((unsigned long long) i) >= 3)"


def test_one_past_the_end_is_allowed_only_for_an_address(tmp_path: Path):
    cfa = parse_source(HEADER + "int main(void) { int a[3]; int *p = &a[3]; return 0; }")
    assert not [node for node in cfa.nodes() if node.undefined is not None]
    cfa = parse_source(HEADER + "int main(void) { int a[3]; return a[3]; }")
    assert [node for node in cfa.nodes() if node.undefined is not None]


@pytest.mark.parametrize("config", ["lbe", "sbe", "abe-l", "impact", "cpufo"])
def test_a_reachable_out_of_bounds_access_is_unknown_never_false(tmp_path: Path, config):
    result = _verify(
        tmp_path,
        """int main(void) {
  int a[5] = {0, 1, 2, 3, 4};
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 5) {
    if (a[i] == 42) reach_error();
  }
  return 0;
}""",
        config,
    )
    assert result.verdict is Verdict.UNKNOWN
    assert result.reason.startswith("undefined behaviour is reachable: array index out of bounds")
    assert "program.c:7" in result.reason  # the line of a[i] == 42


@pytest.mark.parametrize("config", ["lbe", "abe-l", "impact"])
def test_guarded_accesses_are_proved_safe(tmp_path: Path, config):
    result = _verify(
        tmp_path,
        """int main(void) {
  int a[4];
  for (int k = 0; k < 4; k++) a[k] = 2 * k;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4 && a[i] != 2 * i) reach_error();
  return 0;
}""",
        config,
    )
    assert result.verdict is Verdict.TRUE, result.reason


# --- cells ---------------------------------------------------------------------------------


def test_leaves_follow_the_layout_of_nested_structs_and_arrays():
    inner = StructType("struct", "In", [("v", INT), ("w", ArrayType(INT, 2))])
    outer = StructType("struct", "Out", [("in", inner), ("n", INT)])
    paths = [path for path, _ in cells.leaves(ArrayType(outer, 2))]
    assert paths == [
        "[0].in.v",
        "[0].in.w[0]",
        "[0].in.w[1]",
        "[0].n",
        "[1].in.v",
        "[1].in.w[0]",
        "[1].in.w[1]",
        "[1].n",
    ]


@pytest.mark.parametrize(
    "ctype, reason",
    [
        (StructType("union", "U", [("a", INT), ("b", BOOL)]), "_Bool member"),
        (
            StructType("struct", "B", [("a", replace(LONGLONG, width=40))], bit_fields={"a": 40}),
            "bit-field of type long long",
        ),
        (ArrayType(INT, None), "unknown length"),
        (ArrayType(INT, cells.MAX_CELLS + 1), f"more than {cells.MAX_CELLS}"),
    ],
)
def test_types_without_cells_say_why(ctype, reason):
    with pytest.raises(cells.NotScalarisable, match=reason):
        cells.leaves(ctype)


@pytest.mark.parametrize(
    "body, construct",
    [
        ("union U { int x; float f; } u; int *p = &u.x; *p = 1; if (u.x) reach_error();", "float"),
        ("int a[2]; extern void fill(int *); fill(a); if (a[0]) reach_error();", "fill"),
    ],
)
def test_what_needs_a_pointer_stays_unsupported(tmp_path: Path, body, construct):
    result = _verify(tmp_path, f"int main(void) {{ {body} return 0; }}", analysis_only())
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported" in result.reason and construct in result.reason, result.reason


def test_a_run_of_the_program_answers_where_the_analysis_refuses(tmp_path: Path):
    # the union's float member is beyond the encoding, not beyond a run of the program:
    # the search by execution before the analysis finds the error, and gcc confirms it
    body = "union U { int x; float f; } u; int *p = &u.x; *p = 1; if (u.x) reach_error();"
    result = _verify(tmp_path, f"int main(void) {{ {body} return 0; }}")
    assert result.verdict is Verdict.FALSE and "a run of the program" in result.reason
    assert result.counterexample.confirmation.startswith("gcc:")


def test_a_call_result_is_stored_at_the_index_the_call_leaves(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int f(void) { return 1; }
int main(void) {
  int a[2] = {0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  a[i] = f();
  if (a[i] != 1) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


# --- interpolants read back ----------------------------------------------------------------


def test_nary_bit_vector_sums_from_z3_are_read_back():
    context = z3.Context()
    converter = BitVectorConverter(get_env(), context)
    sort = BVType(8)
    a, b, c = (Symbol(name, sort) for name in ("agg_a", "agg_b", "agg_c"))
    summed = z3.simplify(converter.convert(BVAdd(BVAdd(a, b), BVAdd(c, BV(1, 8)))))
    assert summed.num_args() > 2  # the shape pysmt's own converter refuses
    term = converter.back(summed)
    assert set(term.get_free_variables()) == {a, b, c}
    values = {a: BV(1, 8), b: BV(2, 8), c: BV(250, 8)}
    assert term.substitute(values).simplify() == BV(254, 8)


# --- initialisers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "declaration, check, expected",
    [
        # brace elision: the items fill the inner aggregates in order
        ("int m[2][3] = {1, 2, 3, 4, 5};", "m[1][1] == 5 && m[1][2] == 0", Verdict.FALSE),
        ("int m[2][3] = {1, 2, 3, 4, 5};", "m[1][0] != 4", Verdict.TRUE),
        ("struct { int a[2]; int b; } s = {1, 2, 3};", "s.b == 3", Verdict.FALSE),
        # a whole struct value is one item, not its first member
        (
            "struct P { int x, y; } p = {5, 6}; struct P q[2] = {p, 1};",
            "q[0].y != 6 || q[1].x != 1",
            Verdict.TRUE,
        ),
        # a string literal initialises a char array: its bytes, then zeros
        ('char s[5] = "a\\x41\\102";', "s[1] == 65 && s[2] == 66 && s[4] == 0", Verdict.FALSE),
        ('signed char s[] = "\\377";', "s[0] != -1 || sizeof s != 2", Verdict.TRUE),
        (
            'char n[2][3] = {"ab", "c"};',
            "n[1][0] != 99 || n[1][1] != 0 || n[0][1] != 98",
            Verdict.TRUE,
        ),
    ],
)
def test_initialisers_without_inner_braces_and_from_strings(tmp_path, declaration, check, expected):
    body = f"int main(void) {{ {declaration} if ({check}) reach_error(); return 0; }}"
    assert _verify(tmp_path, body).verdict is expected


_NESTED = "struct B { unsigned char u; int c; }; struct A { int k; struct B b; int e; };"


@pytest.mark.parametrize(
    "declaration, check, expected",
    [
        # a member's designator keeps what earlier items gave the member's other members
        (
            f"{_NESTED} struct A a = {{.b = {{1, 2}}, .b.u = 7}};",
            "a.b.c != 2 || a.b.u != 7",
            Verdict.TRUE,
        ),
        # the items after it go on inside the member, then after it
        (f"{_NESTED} struct A a = {{.b.u = 1, 2, 3}};", "a.b.c == 2 && a.e == 3", Verdict.FALSE),
        (f"{_NESTED} struct A a = {{.b.u = 1, 2, 3}};", "a.k != 0 || a.b.c != 2", Verdict.TRUE),
        (
            "int m[2][3] = {[1][1] = 4, 5, [0][2] = 6};",
            "m[1][2] != 5 || m[0][2] != 6 || m[1][0]",
            Verdict.TRUE,
        ),
        (
            f"{_NESTED} struct A s[2] = {{[1].b.c = -1, [0].e = 2}};",
            "s[1].b.c == -1 && s[0].e == 2",
            Verdict.FALSE,
        ),
        # a whole member given again replaces all of it
        (f"{_NESTED} struct A a = {{.b.c = 5, .b = {{1}}}};", "a.b.c != 0", Verdict.TRUE),
    ],
)
def test_designators_of_members_members(tmp_path, declaration, check, expected):
    body = f"int main(void) {{ {declaration} if ({check}) reach_error(); return 0; }}"
    assert _verify(tmp_path, body).verdict is expected


_ANONYMOUS = (
    "struct A { int k; union { int c; unsigned char b[4]; }; struct { int e, f; }; int g; };"
)


@pytest.mark.parametrize(
    "declaration, check, expected",
    [
        # the members of anonymous members are the struct's own (C11 6.7.2.1p13)
        (f"{_ANONYMOUS} struct A a = {{1, 2, {{3, 4}}, 5}};", "a.c != 2 || a.f != 4", Verdict.TRUE),
        (f"{_ANONYMOUS} struct A a = {{1, 2, {{3, 4}}, 5}};", "a.e + a.g == 8", Verdict.FALSE),
        # after ``.e`` the items go on in its anonymous struct, then after it
        (f"{_ANONYMOUS} struct A a = {{.e = 7, 8, 9}};", "a.f != 8 || a.g != 9", Verdict.TRUE),
        (f"{_ANONYMOUS} struct A a = {{.g = 1}};", "a.c != 0 || a.k != 0", Verdict.TRUE),
        # one union, read through either member; through a pointer too
        (
            f"{_ANONYMOUS} struct A a = {{0}}; struct A *p = &a; p->b[1] = 1;",
            "a.c == 256 && p->e == 0",
            Verdict.FALSE,
        ),
        (
            f"{_ANONYMOUS} struct A a; int *q = &a.f;",
            "(char *) q - (char *) &a != __builtin_offsetof(struct A, f)"
            " || __builtin_offsetof(struct A, f) != 12",
            Verdict.TRUE,
        ),
    ],
)
def test_members_of_anonymous_members(tmp_path, declaration, check, expected):
    body = f"int main(void) {{ {declaration} if ({check}) reach_error(); return 0; }}"
    assert _verify(tmp_path, body).verdict is expected


def test_an_anonymous_member_is_printed_as_the_program_names_it():
    cfa = parse_source(
        HEADER + "struct A { union { int c; char b[4]; }; };"
        " int main(void) { struct A a = {1}; struct A *p = &a; return p->c; }"
    )
    texts = [str(edge) for node in cfa.nodes() for edge in node.leaving]
    assert any("p->c" in text for text in texts)
    assert not any("__cpa_anon" in text for text in texts)


@pytest.mark.parametrize(
    "declaration, message",
    [
        ("struct S { int a; } s = {.zz = 1};", "struct S has no member named 'zz'"),
        ("int a[2] = {[5] = 1};", "array index 5 in initializer exceeds the bounds"),
        ("int a[2] = {[-1] = 1};", "array index -1 in initializer exceeds the bounds"),
        ("int n = 1; int a[2] = {[n] = 1};", "array index in initializer is not constant"),
        (
            "struct S { int a; } s = {.a.b = 1};",
            "designator into a member that is not an aggregate",
        ),
        ("int a[2] = {.x = 1};", "member designator in an initializer of int[2]"),
        ("struct S { int a; struct { int a; }; } s;", "duplicate member 'a'"),
        # a tag alone declares no member (gcc: "declaration does not declare anything")
        ("struct S { int a; struct T { int b; }; } s = {.b = 1};", "no member named 'b'"),
    ],
)
def test_designators_that_name_nothing_are_bad_input(tmp_path, declaration, message):
    assert message in _refusal(tmp_path, declaration, InputError, "program.c:3: ")


def _refusal(tmp_path: Path, declaration: str, error: type[Exception], prefix: str) -> str:
    """The message of ``error`` (starting with ``prefix``) that verifying ``main``
    with ``declaration`` raises."""
    with pytest.raises(error, match=prefix) as raised:
        _verify(tmp_path, f"int main(void) {{ {declaration} return 0; }}")
    return str(raised.value)


@pytest.mark.parametrize(
    "declaration, construct",
    [
        (
            "struct Q { int a; struct { int u, c; } b; } q[] = {[1].b = {1, 2}, {3}};",
            "array of unknown length initialised with a member's designator",
        ),
        ("int m[][2] = {1, 2, 3};", "array of unknown length initialised without inner braces"),
    ],
)
def test_initialisers_the_frontend_does_not_read_are_unsupported(tmp_path, declaration, construct):
    prefix = "program.c:3: unsupported feature: "
    assert construct in _refusal(tmp_path, declaration, UnsupportedFeature, prefix)


_SUITE = Path(__file__).resolve().parent / "c_semantics"


@pytest.mark.parametrize("config", ["lbe", "impact"])
@pytest.mark.parametrize(
    "task, expected",
    [
        ("union17_designated_members_unsafe", Verdict.FALSE),
        ("union18_designated_members_safe", Verdict.TRUE),
    ],
)
def test_a_designator_initialises_any_union_member(config, task, expected):
    # gcc: the member designated last holds the value, a static union's other bytes are
    # zero (g4.i is 3), the items after .u.h[1] go on after u (g6.x is 9), and a chain
    # keeps what the whole member got before (g8.u.h is {3, 2}); reachable for k = 3
    program = _SUITE / f"{task}.c"
    result = verify(program, analysis_only(config), Specification.unreach_call(), timelimit=60)
    assert result.verdict is expected, result.reason
    if expected is Verdict.FALSE:
        assert [value.value for value in result.counterexample.inputs] == [3]
