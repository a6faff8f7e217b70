"""``memset`` as typed stores (:meth:`cpa.cfa.lowering.FunctionLowering.fill_plan`).

The verdicts were checked with gcc: the TRUE programs never reach the error for any
input byte, the FALSE ones reach it with the input shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from cegar_builders import analysis_only

from cpa.cfa.targets import Specification
from cpa.results import Verdict
from cpa.verifier import verify

HEADER = (
    "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
    "extern void *memset(void *, int, unsigned long);\n"
)


def _verify(tmp_path: Path, body: str, config: str | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


@pytest.mark.parametrize("config", ["lbe", "sbe", "impact", "cpufo"])
def test_memset_fills_every_member_and_element(tmp_path: Path, config):
    result = _verify(
        tmp_path,
        """struct S { int a; char c; long b[3]; int *p; };
int main(void) {
  struct S s; int a[5], x; unsigned char bytes[4];
  s.a = __VERIFIER_nondet_int(); s.p = &x;
  int *q = memset(&s, 0, sizeof s);
  if (s.a != 0 || s.c != 0 || s.b[2] != 0 || s.p != 0 || q != &s.a) reach_error();
  memset(a, 0xff, sizeof a);
  if (a[4] != -1) reach_error();
  int c = __VERIFIER_nondet_int();
  memset(a, c, 2 * sizeof(int));
  if (c == 1 && a[1] != 0x01010101) reach_error();
  if (a[2] != -1) reach_error();
  memset(bytes, c, 4);
  if ((unsigned char) c != bytes[3]) reach_error();
  return 0;
}""",
        config,
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_memset_with_an_input_byte_reaches_the_error(tmp_path: Path):
    result = _verify(
        tmp_path,
        """struct S { int a; short h; long b[2]; };
int main(void) {
  struct S s[2]; int c = __VERIFIER_nondet_int();
  memset(s, c, sizeof s);
  if (s[1].h == -258) reach_error();   /* 0xfefe */
  return 0;
}""",
    )
    assert result.verdict is Verdict.FALSE, result.reason
    assert result.counterexample is not None


@pytest.mark.parametrize("config", ["lbe", "impact"])
@pytest.mark.parametrize(
    "body, expected",
    [
        # an anonymous union of integers: filled through b, read through c (gcc: k = 7)
        (
            "struct S { int a; union { int c; unsigned char b[4]; }; } s; s.c = 5;"
            " memset(&s, k, sizeof s);"
            " if (s.b[1] == 7 && s.c == 0x07070707 && s.a == 0x07070707) reach_error();",
            Verdict.FALSE,
        ),
        # the first member has padding: the fill goes through w, which covers the bytes
        (
            "union U { struct { char a; int b; } s; long long w; } u; memset(&u, 1, sizeof u);"
            " if (u.w != 0x0101010101010101LL || u.s.b != 0x01010101) reach_error();",
            Verdict.TRUE,
        ),
        # b covers the bytes of every member (the union's last byte is padding)
        (
            "union V { unsigned char b[3]; short h; } v[2]; memset(v, k, sizeof v);"
            " if (v[1].h != (short) (((k & 255) << 8) | (k & 255))) reach_error();",
            Verdict.TRUE,
        ),
    ],
)
def test_memset_fills_a_union_through_a_member_that_covers_its_bytes(
    tmp_path: Path, config, body, expected
):
    program = f"int main(void) {{ int k = __VERIFIER_nondet_int(); {body} return 0; }}"
    result = _verify(tmp_path, program, analysis_only(config))
    assert result.verdict is expected, result.reason
    if expected is Verdict.FALSE:
        assert [value.value & 0xFF for value in result.counterexample.inputs] == [7]


def test_memset_beyond_the_object_is_undefined(tmp_path: Path):
    result = _verify(
        tmp_path,
        "int main(void) { int a[3]; int b = 5; memset(a, 0, sizeof a + sizeof(int));"
        " if (b != 5) reach_error(); return 0; }",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "undefined behaviour" in result.reason, result.reason


@pytest.mark.parametrize(
    "body",
    [
        "void *v = &x; memset(v, 0, sizeof x);",  # the object type is not known
        "memset(&x, 0, (unsigned long) __VERIFIER_nondet_int());",  # size not constant
        "memset(&x, 0, 2);",  # part of an int
        "memset(&p, 1, sizeof p);",  # a pointer of bytes 0x01
        # no member covers the bytes: s has padding, c is shorter
        "union { struct { char a; int b; } s; char c[3]; } u; memset(&u, 0, sizeof u);",
    ],
)
def test_a_memset_that_typed_stores_cannot_write_stays_unsupported(tmp_path: Path, body):
    result = _verify(
        tmp_path,
        f"int main(void) {{ int x = 3; int *p = &x; {body} if (x == 3) reach_error(); return 0; }}",
        analysis_only(),
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "memset" in result.reason and "unsupported" in result.reason, result.reason


def test_a_memset_with_a_body_is_the_programs_own(tmp_path: Path):
    program = tmp_path / "program.c"
    program.write_text(
        "extern void reach_error(void);\n"
        "void *memset(void *d, int c, unsigned long n) { return d; }\n"
        "int main(void) { int x = 3; memset(&x, 0, sizeof x); if (x != 3) reach_error();"
        " return 0; }"
    )
    result = verify(program, None, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.TRUE, result.reason


HEADER_COPY = "extern void *memcpy(void *, const void *, unsigned long);\n" + (
    "extern void *memmove(void *, const void *, unsigned long);\n"
)


@pytest.mark.parametrize("config", ["lbe", "sbe", "impact", "cpufo"])
def test_memcpy_and_memmove_copy_every_member(tmp_path: Path, config):
    result = _verify(
        tmp_path,
        HEADER_COPY
        + """struct S { int a; char c; long b[2]; int *p; };
int main(void) {
  struct S s, t; int x, a[4] = {1, 2, 3, 4};
  s.a = __VERIFIER_nondet_int(); s.c = 7; s.b[1] = s.a; s.p = &x;
  struct S *r = memcpy(&t, &s, sizeof t);
  if (t.a != s.a || t.c != 7 || t.b[1] != s.a || t.p != &x || r != &t) reach_error();
  memmove(a + 1, a, 3 * sizeof(int));   /* overlapping: allowed */
  if (a[0] != 1 || a[1] != 1 || a[2] != 2 || a[3] != 3) reach_error();
  return 0;
}""",
        config,
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_memcpy_within_one_array_reaches_the_error_with_its_input(tmp_path: Path):
    result = _verify(
        tmp_path,
        HEADER_COPY
        + """int main(void) {
  int a[6] = {1, 2, 3, 4, 5, 6};
  int i = __VERIFIER_nondet_int();
  if (i < 2 || i > 4) return 0;
  memcpy(a, a + i, 2 * sizeof(int));   /* apart for i >= 2 */
  if (a[1] == 6) reach_error();        /* i == 4 */
  return 0;
}""",
    )
    assert result.verdict is Verdict.FALSE, result.reason
    assert result.counterexample is not None


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_memcpy_of_overlapping_bytes_is_undefined(tmp_path: Path, config):
    result = _verify(
        tmp_path,
        HEADER_COPY + "int main(void) { int a[4] = {1, 2, 3, 4}; int i = __VERIFIER_nondet_int();"
        " if (i < 0 || i > 2) return 0; memcpy(a + 1, a + i, 2 * sizeof(int));"
        " if (a[3] == 9) reach_error(); return 0; }",
        config,
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "memcpy of overlapping bytes" in result.reason, result.reason


def test_a_memcpy_between_different_types_stays_unsupported(tmp_path: Path):
    result = _verify(
        tmp_path,
        HEADER_COPY + "int main(void) { int x = 3; short h[2] = {0, 0}; memcpy(h, &x, sizeof x);"
        " if (h[0] == 3) reach_error(); return 0; }",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "memcpy" in result.reason and "unsupported" in result.reason, result.reason


UNION_COPY = """union U { unsigned int u; unsigned short h[2]; };
struct W { int tag; union U v; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  union U x, y; struct W a[2], b[2];
  x.h[0] = (unsigned short) k; x.h[1] = 1;
  memcpy(&y, &x, sizeof x);
  a[1].tag = 2; a[1].v = x;
  memcpy(b, a + 1, sizeof(struct W));
  if (CONDITION) reach_error();
  return 0;
}"""


@pytest.mark.parametrize("config", ["lbe", "impact"])
@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        ("y.u != 65536u + k || b[0].v.h[1] != 1 || b[0].tag != 2", Verdict.TRUE),
        ("b[0].v.u == 65540u", Verdict.FALSE),
    ],
)
def test_memcpy_copies_a_union_whole(tmp_path: Path, config, condition, expected):
    """A union (alone or as a member) is copied with all its bytes, as union assignment
    copies it: the bytes written through ``h`` read back through ``u`` (x86 is little-
    endian). gcc: the first condition never holds, the second at k = 4."""
    result = _verify(tmp_path, HEADER_COPY + UNION_COPY.replace("CONDITION", condition), config)
    assert result.verdict is expected, result.reason
    if expected is Verdict.FALSE:
        assert [item.value for item in result.counterexample.inputs] == [4]


def test_memcpy_of_a_union_the_encoding_does_not_model_is_unsupported(tmp_path: Path):
    result = _verify(
        tmp_path,
        HEADER_COPY + "union P { int i; float f; };\nint main(void) { union P x, y; x.i = 1;"
        " memcpy(&y, &x, sizeof x); if (y.i == 1) reach_error(); return 0; }",
        analysis_only(),
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported" in result.reason and "union" in result.reason, result.reason


def test_memcpy_of_a_union_copies_the_pointer_it_holds(tmp_path: Path):
    body = (
        "union P { int i; int *p; };\nint main(void) { int v = 3; union P x, y; x.p = &v;"
        " memcpy(&y, &x, sizeof x); if (*y.p == 3) reach_error(); return 0; }"
    )
    result = _verify(tmp_path, HEADER_COPY + body, analysis_only())
    assert result.verdict is Verdict.FALSE, result.reason
    safe = _verify(tmp_path, HEADER_COPY + body.replace("*y.p == 3", "y.p != &v"), analysis_only())
    assert safe.verdict is Verdict.TRUE, safe.reason
