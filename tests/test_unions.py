"""Unions as one cell of bytes: a member is the part of the union's bytes at its offset.

Every verdict below was checked by compiling the program with gcc (x86-64, and -m32 where
the data model matters); the tasks ``tests/c_semantics/union*`` are larger examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from cegar_builders import analysis_only

from cpa.cfa import c_types
from cpa.cfa.data_model import ILP32, LP64
from cpa.cfa.frontend import parse_source
from cpa.cfa.interpreter import run
from cpa.cfa.targets import Specification
from cpa.cfa.types import BOOL, CHAR, INT, SHORT, UCHAR, ArrayType, PointerType, StructType
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate import cells

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
CALL = Specification.unreach_call()


def _verify(tmp_path: Path, body: str, config: str | None = None, model=LP64):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, CALL, timelimit=60, data_model=model)


def _confirmed_false(tmp_path: Path, body: str, config: str | None = None):
    """The result of ``body``, which must be FALSE, confirmed by the compiled run."""
    result = _verify(tmp_path, body, config)
    assert result.verdict is Verdict.FALSE, result.reason
    assert result.counterexample.confirmation.startswith("gcc: reached")
    return result


# --- cells -------------------------------------------------------------------------------

PAIR = StructType("struct", "P", [("lo", UCHAR), ("hi", CHAR)])
BYTES = StructType("union", "U", [("i", INT), ("c", ArrayType(UCHAR, 4)), ("p", PAIR)])


def test_a_union_of_integers_is_one_cell_of_its_bytes():
    holder = StructType("struct", "H", [("tag", SHORT), ("u", BYTES)])
    assert cells.leaves(holder) == ((".tag", SHORT), (".u", BYTES))
    assert list(cells.byte_leaves(PAIR, LP64)) == [(".lo", UCHAR, 0), (".hi", CHAR, 1)]
    assert cells.byte_leaves(ArrayType(PAIR, 2), LP64)[3] == ("[1].hi", CHAR, 3)


def test_the_parts_of_a_union_are_its_places_in_memory():
    inner = StructType("union", "I", [("s", SHORT), ("b", ArrayType(UCHAR, 2))])
    outer = StructType("union", "O", [("i", INT), ("p", PAIR), ("in", inner)])
    shallow = cells.byte_parts(outer, LP64, into_unions=False)
    assert [(suffix, offset) for suffix, _, offset in shallow] == [
        (".i", 0),
        (".p", 0),
        (".p.lo", 0),
        (".p.hi", 1),
        (".in", 0),
    ]
    deep = cells.byte_parts(outer, LP64, into_unions=True)
    assert [(suffix, offset) for suffix, _, offset in deep[5:]] == [
        (".in.s", 0),
        (".in.b", 0),
        (".in.b[0]", 0),
        (".in.b[1]", 1),
    ]
    assert list(cells.byte_leaves(StructType("struct", "S", [("u", inner), ("t", INT)]), LP64)) == [
        (".u", inner, 0),
        (".t", INT, 4),
    ]


@pytest.mark.parametrize(
    "member, reason",
    [
        (BOOL, "_Bool member"),
        (ArrayType(INT, None), "unknown length"),
    ],
)
def test_a_union_that_is_not_bytes_of_integers_says_why(member, reason):
    union = StructType("union", "V", [("i", INT), ("m", member)])
    with pytest.raises(cells.NotScalarisable, match=reason):
        cells.leaves(union)


def test_slice_paths_name_the_cell_the_offset_and_the_width():
    path = cells.slice_path("main::s.u", 0, 32)
    assert cells.parse_slice(path) == ("main::s.u", 0, 32, False)
    assert cells.parse_slice(cells.moved_slice(path, 3)) == ("main::s.u", 3, 32, False)
    assert cells.parse_slice("main::s.u[2].x") is None
    marked = cells.moved_slice(cells.slice_path("main::v", 0, 80, provenance=True), 4)
    assert cells.parse_slice(marked) == ("main::v", 4, 80, True)
    assert cells.parse_slice(marked).size == 8


def test_a_union_that_holds_a_pointer_has_two_provenance_bits_per_byte():
    tagged = StructType("union", "T", [("i", INT), ("p", PointerType(INT))])
    nested = StructType("union", "N", [("s", StructType("struct", "S", [("u", tagged)]))])
    assert cells.union_cell_bits(BYTES, LP64) == 32
    assert cells.union_cell_bits(tagged, LP64) == 80
    assert cells.union_cell_bits(tagged, ILP32) == 40
    assert c_types.holds_pointers(nested) and cells.union_cell_bits(nested, LP64) == 80


# --- verdicts ----------------------------------------------------------------------------

BYTES_SOURCE = "union U { unsigned int u; unsigned char c[4]; signed char s[4]; };\n"


@pytest.mark.parametrize("config", ["lbe", "sbe", "impact", "cpufo", "abe-l"])
def test_another_member_reads_the_bytes_little_endian(tmp_path: Path, config):
    body = BYTES_SOURCE + (
        "int main(void) { union U v; v.u = 0x01020304u;\n"
        "  if (v.c[0] == 4 && v.c[3] == 1) reach_error(); return 0; }"
    )
    _confirmed_false(tmp_path, body, config)
    safe = body.replace("v.c[0] == 4 && v.c[3] == 1", "v.c[0] != 4 || v.c[1] != 3")
    assert _verify(tmp_path, safe, config).verdict is Verdict.TRUE


def test_a_write_keeps_the_other_bytes_and_signedness_is_the_readers(tmp_path: Path):
    body = BYTES_SOURCE + (
        "int main(void) { union U v; v.u = 0x7f0000ffu; v.c[1] = __VERIFIER_nondet_int();\n"
        "  if (v.s[0] != -1 || v.s[3] != 127 || v.u >> 16 != 0x7f00u) reach_error();\n"
        "  return 0; }"
    )
    assert _verify(tmp_path, body).verdict is Verdict.TRUE


def test_an_element_at_an_input_index_is_the_byte_it_selects(tmp_path: Path):
    body = BYTES_SOURCE + (
        "int main(void) { union U a[2]; a[0].u = 0; a[1].u = 0;\n"
        "  int x = __VERIFIER_nondet_int(); if (x < 0 || x > 3) return 0;\n"
        "  a[1].c[x] = 1; if (a[1].u == 0x10000u) reach_error(); return 0; }"
    )
    result = _confirmed_false(tmp_path, body)
    assert [i.value for i in result.counterexample.inputs] == [2]


@pytest.mark.parametrize(("model", "verdict"), [(LP64, Verdict.FALSE), (ILP32, Verdict.TRUE)])
def test_the_member_sizes_are_the_data_models(tmp_path: Path, model, verdict):
    body = (
        "union L { unsigned long l; unsigned int w[2]; };\n"
        "int main(void) { union L u; u.l = 0; u.w[1] = 1; if (u.l != 0) reach_error();"
        " return 0; }"
    )
    assert _verify(tmp_path, body, model=model).verdict is verdict


def test_only_a_static_union_has_zero_bytes_beyond_its_first_member(tmp_path: Path):
    body = "union S { unsigned char c; int i; };\nint main(void) { %s union S u = { 1 };\n"
    body += "  if (u.i != 1) reach_error(); return 0; }"
    assert _verify(tmp_path, body % "static").verdict is Verdict.TRUE
    # gcc happens to zero them here too, but C leaves them indeterminate
    automatic = _verify(tmp_path, body % "")
    assert automatic.verdict is Verdict.UNKNOWN
    assert "uninitialised" in automatic.reason


def test_copies_and_calls_carry_all_bytes(tmp_path: Path):
    body = (
        "union Q { long long q; int h[2]; };\n"
        "union Q swap(union Q v) { int t = v.h[0]; v.h[0] = v.h[1]; v.h[1] = t; return v; }\n"
        "struct B { int tag; union Q v; };\n"
        "int main(void) { struct B b = { 1, { 0 } }; b.v.h[0] = __VERIFIER_nondet_int();\n"
        "  b.v.h[1] = 1; struct B c = b; c.v = swap(c.v);\n"
        "  if (c.v.q == 0x700000001LL) reach_error(); return 0; }"
    )
    result = _confirmed_false(tmp_path, body)
    assert [i.value for i in result.counterexample.inputs] == [7]


def test_pointers_reach_a_union_and_the_parts_inside_it(tmp_path: Path):
    body = BYTES_SOURCE + (
        "void put(unsigned int *w, int v) { *w = v; }\n"
        "int main(void) { union U v; union U *p = &v; put(&p->u, 0x01020304);\n"
        "  signed char *s = &v.s[3]; *s = __VERIFIER_nondet_int();\n"
        "  if (p->c[0] == 4 && v.u == 0xff020304u) reach_error(); return 0; }"
    )
    result = _confirmed_false(tmp_path, body)
    (stored,) = result.counterexample.inputs
    assert stored.value & 0xFF == 0xFF  # the int stored into a signed char is -1
    moved = BYTES_SOURCE + (
        "int main(void) { union U v; v.u = 0; unsigned char *b = v.c; b[2] = 9;\n"
        "  if (v.u != 0x90000u || *(b + 2) != 9) reach_error(); return 0; }"
    )
    assert _verify(tmp_path, moved).verdict is Verdict.TRUE


STRUCT_IN_UNION = (
    "struct P { unsigned char lo; short hi; };\n"
    "union W { unsigned int i; struct P s; unsigned char c[4]; };\n"
    "struct P flip(struct P p) { struct P r = { (unsigned char) p.hi, p.lo }; return r; }\n"
)


def test_a_struct_in_a_union_is_copied_leaf_by_leaf_and_its_padding_is_unspecified(
    tmp_path: Path,
):
    body = STRUCT_IN_UNION + (
        "int main(void) { union W v, w; v.i = 0x11223344u; w.i = 0; w.s = v.s;\n"
        "  struct P t = flip(w.s); v.s = t; int x = __VERIFIER_nondet_int();\n"
        "  if (x == 1 && w.c[0] == 0x44 && w.s.hi == 0x1122 && v.s.lo == 0x22"
        " && v.s.hi == 0x44) reach_error(); return 0; }"
    )
    _confirmed_false(tmp_path, body)
    # byte 1 is padding of struct P: gcc copies it (0x33), C leaves it unspecified
    padding = STRUCT_IN_UNION + (
        "int main(void) { union W v, w; v.i = 0x11223344u; w.i = 0; w.s = v.s;\n"
        "  if (w.c[1] %s 0x33) reach_error(); return 0; }"
    )
    for operator in ("==", "!="):
        assert _verify(tmp_path, padding % operator).verdict is Verdict.UNKNOWN


@pytest.mark.parametrize(
    "body, construct",
    [
        ("union P { int i; _Bool q; } v; int *p = &v.i; *p = 1; if (v.i) reach_error();", "_Bool"),
        ("union F { int i; float f; } v; v.i = 1; if (v.i) reach_error();", "float"),
    ],
)
def test_what_the_bytes_cannot_say_is_unsupported(tmp_path: Path, body, construct):
    result = _verify(
        tmp_path, BYTES_SOURCE + f"int main(void) {{ {body} return 0; }}", analysis_only()
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported" in result.reason and construct in result.reason, result.reason


# --- the interpreter, and the order of evaluation -------------------------------------------


def test_the_interpreter_reads_the_bytes_another_member_wrote():
    source = (
        HEADER
        + BYTES_SOURCE
        + (
            "int main(void) { union U v; v.c[0] = __VERIFIER_nondet_int(); v.c[1] = 0;\n"
            "  v.c[2] = 0; v.c[3] = 0x80; if (v.u == 0x80000005u) reach_error(); return 0; }"
        )
    )
    assert run(parse_source(source), CALL, [5]).reached_target
    assert not run(parse_source(source), CALL, [6]).reached_target
    unset = source.replace("v.c[2] = 0; ", "")
    assert "uninitialised" in run(parse_source(unset), CALL, [5]).reason


def test_members_of_a_union_share_storage_for_the_order_of_evaluation():
    """``u.i = u.s++`` modifies the union's bytes twice, unsequenced (C11 6.5p2);
    ``s.a = s.b++`` modifies two objects."""
    source = (
        "union U { int i; short s; };\nstruct S { int a; int b; union U u; };\n"
        "int main(void) {\n  struct S s = { 1, 2, { 3 } };\n  s.a = s.b++;\n"
        "  s.u.i = s.u.s++;\n  return 0;\n}\n"
    )
    undefined = [
        (node.line, node.undefined) for node in parse_source(source).nodes() if node.undefined
    ]
    assert len(undefined) == 1
    line, description = undefined[0]
    assert line == 6 and description.startswith("'s.u' modified and accessed unsequenced")


def test_the_interpreter_walks_an_array_in_a_union_by_pointer():
    source = (
        HEADER
        + BYTES_SOURCE
        + (
            "int main(void) { union U v; v.u = 0x04030201u; unsigned char *p = v.c;\n"
            "  int k = __VERIFIER_nondet_int(); unsigned char *q = p + k;\n"
            "  if (*q == 3 && q - p == 2 && q > p && (void *) &v == (void *) p) reach_error();\n"
            "  return 0; }"
        )
    )
    assert run(parse_source(source), CALL, [2]).reached_target
    assert not run(parse_source(source), CALL, [1]).reached_target
    # one past the array's end is a pointer but no access; beyond it, no pointer
    assert "undefined behaviour: dereference" in run(parse_source(source), CALL, [4]).reason
    assert "undefined behaviour: pointer arithmetic" in run(parse_source(source), CALL, [5]).reason


# --- pointers in unions: exact where the bytes hold what is read --------------------------

TAGGED = (
    "struct V { int tag; union { int i; int *p; } u; };\n"
    "struct V make(int tag, int *p) { struct V v; v.tag = tag;\n"
    "  if (tag) v.u.p = p; else v.u.i = 42; return v; }\n"
    "int get(struct V v) { return v.tag ? *v.u.p : v.u.i; }\n"
    "int main(void) { int x = __VERIFIER_nondet_int(); if (x < 0 || x > 10) return 0;\n"
    "  struct V v = make(__VERIFIER_nondet_int(), &x); int r = get(v);\n"
)


@pytest.mark.parametrize("config", ["lbe", "impact", "sbe"])
def test_a_pointer_read_back_from_a_tagged_union_is_the_one_stored(tmp_path: Path, config):
    safe = TAGGED + "  if (r != 42 && r != x) reach_error(); return 0; }"
    assert _verify(tmp_path, safe, analysis_only(config)).verdict is Verdict.TRUE
    result = _verify(tmp_path, TAGGED + "  if (r == 7) reach_error(); return 0; }", config)
    assert result.verdict is Verdict.FALSE
    assert result.counterexample.confirmation.startswith("gcc: reached")


@pytest.mark.parametrize("model", [LP64, ILP32])
def test_copies_and_pointers_to_members_keep_a_stored_pointer(tmp_path: Path, model):
    body = (
        "union I { int *p; long l; };\n"
        "union O { union I i; char c[16]; struct { int *a; int *b; } s; int *arr[2]; };\n"
        "int main(void) { int x = 5, y = 6; union O o; int **pp = &o.s.b;\n"
        "  o.s.a = &x; *pp = &y; union I cp = o.i; union O o2 = o;\n"
        "  if (*cp.p != 5 || *o2.arr[1] != 6 || o2.arr[0] != &x) reach_error();\n"
        "  return 0; }"
    )
    result = verify(_write(tmp_path, body), analysis_only(), CALL, timelimit=60, data_model=model)
    assert result.verdict is Verdict.TRUE


def test_zero_bytes_read_as_a_pointer_are_null_and_null_is_zero_bytes(tmp_path: Path):
    body = (
        "union U { long l; int *p; };\nunion U g;\n"
        "int main(void) { int x = 4; union U u = {0}; union U w; w.p = &x; w.p = 0;\n"
        "  if (u.p || g.p || w.l) reach_error(); return 0; }"
    )
    assert _verify(tmp_path, body, analysis_only()).verdict is Verdict.TRUE


@pytest.mark.parametrize(
    "read",
    [
        "if (u.l == 0) reach_error();",  # a pointer's bytes as an integer: gcc's address
        "u.c[7] = u.c[7]; if (*u.p != 5) reach_error();",  # a pointer with a byte rewritten
        "u.l = (long) 8; if (u.p == &x) reach_error();",  # integer bytes as a pointer
    ],
)
def test_bytes_that_may_not_hold_what_is_read_give_no_verdict(tmp_path: Path, read):
    body = (
        "union U { long l; int *p; unsigned char c[8]; };\n"
        f"int main(void) {{ int x = 5; union U u; u.p = &x; {read} return 0; }}"
    )
    result = _verify(tmp_path, body, analysis_only())
    assert result.verdict is Verdict.UNKNOWN
    assert "union" in result.reason or "dereference" in result.reason


def test_the_interpreter_keeps_a_pointer_in_a_union(tmp_path: Path):
    source = HEADER + (
        "union U { long l; int *p; };\n"
        "int main(void) { int x = __VERIFIER_nondet_int(); union U u; u.p = &x;\n"
        "  union U w = u; if (*w.p == 3) reach_error(); if (w.l) return 1; return 0; }"
    )
    assert run(parse_source(source), CALL, [3]).reached_target
    stopped = run(parse_source(source), CALL, [4])
    assert "the bytes of a pointer read as an integer" in stopped.reason


def _write(tmp_path: Path, body: str) -> Path:
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return program
