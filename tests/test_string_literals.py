"""String literals used as values: read-only arrays of static storage duration (C11
6.4.5p6), one per occurrence, whose distinctness C leaves open (6.4.5p7).

The verdicts below were checked by compiling the programs with gcc (-O0 and -O2, with
AddressSanitizer for the safe ones); the larger set is ``tests/c_semantics/string*``."""

from __future__ import annotations

from pathlib import Path

import pytest
from cegar_builders import analysis_only

from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.config import Configuration
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate.memory import MemoryLayout

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"


def _verify(tmp_path: Path, body: str, config: str | Configuration | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


def _strings(body: str) -> list[bytes]:
    cfa = parse_source(HEADER + body)
    return sorted(cfa.string_contents.values())


def test_a_literal_used_as_a_value_is_an_array_but_an_argument_of_a_bodiless_call_is_text():
    body = (
        "extern int puts(const char *);"
        ' int main(void) { const char *m = "ab"; puts("text"); return m[0]; }'
    )
    assert _strings(body) == [b"ab\x00"]
    # SV-COMP's reach_error() passes literals and __PRETTY_FUNCTION__ to __assert_fail
    body = (
        "extern void __assert_fail(const char *, const char *, unsigned int, const char *);"
        ' void fail(void) { __assert_fail("0", "f.c", 3, __PRETTY_FUNCTION__); }'
        " int main(void) { fail(); return 0; }"
    )
    assert _strings(body) == []


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_equal_literals_are_one_array_in_the_replay(tmp_path: Path, config):
    # gcc -O0 gives both "abc" one array, also across functions and after concatenation:
    # p == q, and reach_error() is called; the encoding leaves the equality open, and the
    # replay through the interpreter and the compiled run confirm the path
    body = (
        'const char *get(void) { return "a" "bc"; }'
        " int main(void) { int k = __VERIFIER_nondet_int();"
        ' const char *p = "abc", *q = get(); if (p == q && k == 3) reach_error(); return 0; }'
    )
    result = _verify(tmp_path, body, analysis_only(config))
    assert result.verdict is Verdict.FALSE
    assert [value.value for value in result.counterexample.inputs] == [3]


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_equal_literals_are_never_proved_distinct(tmp_path: Path, config):
    # the other branch: gcc makes them one array, so this program is safe, but the
    # encoding cannot know it and the replay does not reach the target
    body = (
        'int main(void) { const char *p = "abc", *q = "abc"; if (p != q) reach_error(); return 0; }'
    )
    result = _verify(tmp_path, body, analysis_only(config))
    assert result.verdict is Verdict.UNKNOWN
    assert "two string literals" in result.reason


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_literals_that_differ_everywhere_are_distinct(tmp_path: Path, config):
    body = (
        "int main(void) {"
        ' const char *p = "abc", *q = "abd", *r = "xbc";'
        " if (p == q || p + 1 == r || q == r + 1) reach_error(); return 0; }"
    )
    assert _verify(tmp_path, body, analysis_only(config)).verdict is Verdict.TRUE


def test_literals_that_may_overlap():
    body = (
        'int main(void) { const char *a = "abc", *b = "bc", *c = "abd", *d = "";'
        " return a[0] + b[0] + c[0] + d[0]; }"
    )
    cfa = parse_source(HEADER + body)
    layout = MemoryLayout(cfa)
    pairs = {
        frozenset(cfa.string_contents[o.variable] for o in pair)
        for pair in layout.overlapping_strings
    }
    # "bc" may be the tail of "abc"; "" the final zero of any
    assert pairs == {
        frozenset({b"abc\x00", b"bc\x00"}),
        frozenset({b"abc\x00", b"\x00"}),
        frozenset({b"bc\x00", b"\x00"}),
        frozenset({b"abd\x00", b"\x00"}),
    }


def test_a_store_into_a_literal_is_undefined(tmp_path: Path):
    body = (
        'int main(void) { int k = __VERIFIER_nondet_int(); char *p = "abc";'
        " if (k == 7) p[1] = 'x'; if (k == 8) \"xyz\"[0] = 0; return 0; }"
    )
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.UNKNOWN
    assert "may modify a string literal" in result.reason


def test_the_address_of_a_literal_is_a_pointer_to_its_array(tmp_path: Path):
    body = (
        "int main(void) { int k = __VERIFIER_nondet_int(); if (k < 0 || k > 3) return 0;"
        " const char (*a)[4] = &\"abc\"; if ((*a)[k] == 'c') reach_error(); return 0; }"
    )
    result = _verify(tmp_path, body, analysis_only("lbe"))
    assert result.verdict is Verdict.FALSE


_PRINTING = "extern int puts(const char *);\nextern int printf(const char *, ...);\n"


def test_pointers_to_read_only_memory_may_be_given_to_functions_without_a_body(tmp_path):
    # the callee cannot write there (undefined), so the call changes nothing we model
    body = (
        _PRINTING + 'const char *names[] = {"zero", "one", "two"}; const char table[] = "abc";'
        " int main(void) { int k = __VERIFIER_nondet_int(); if (k < 0 || k > 2) return 0;"
        ' puts(names[k]); printf("%s %d", names[k], k); puts(table);'
        ' const char *m = k ? "yes" : "no"; puts(m); puts(*&"xyz");'
        " if (names[k][0] == 'x' || table[k] == 0) reach_error(); return 0; }"
    )
    for config in ("lbe", "impact"):
        assert _verify(tmp_path, body, analysis_only(config)).verdict is Verdict.TRUE


def test_a_pointer_that_may_reach_writable_memory_is_checked_where_it_is_passed(tmp_path):
    declarations = _PRINTING + "int main(void) { int k = __VERIFIER_nondet_int();"
    choice = ' char buf[4] = "ab"; const char *m = k ? "yes" : buf;'
    # puts(buf) could change buf as far as the analysis knows: unsupported where reached
    result = _verify(tmp_path, declarations + choice + " puts(m); return 0; }")
    assert result.verdict is Verdict.UNKNOWN
    assert "passed to puts()" in result.reason
    # where the pointer can only be the literal's, the call is fine
    guarded = (
        declarations + choice + " if (k) puts(m); if (buf[0] != 'a') reach_error(); return 0; }"
    )
    assert _verify(tmp_path, guarded).verdict is Verdict.TRUE


def test_a_const_object_holding_a_pointer_is_no_read_only_memory(tmp_path):
    # touch() may write x through the const pointer p it is given the address of
    body = (
        "extern void touch(int *const *); extern void look(const int *); const int c = 5;"
        " int main(void) { int x = 1; int *const p = &x; look(&c); touch(&p);"
        " if (x != 1 || c != 5) reach_error(); return 0; }"
    )
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.UNKNOWN
    assert "passed to touch()" in result.reason


_FUNCTION_NAMES = """
const char *name(void) { return __func__; }
int f(int k) {
  const char *a = __func__, *b = "f", *c = __FUNCTION__;
  if (k < 0 || k > 1) return 0;
  if (CONDITION && name()[0] == 'n' && a[k] == 0) reach_error();
  return 0;
}
int main(void) { return f(__VERIFIER_nondet_int()); }
"""


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_func_is_one_array_per_function(tmp_path: Path, config):
    # every __func__ of f is one array: a == __func__ holds (gcc: reached for k = 1)
    body = _FUNCTION_NAMES.replace("CONDITION", "a == __func__")
    result = _verify(tmp_path, body, analysis_only(config))
    assert result.verdict is Verdict.FALSE, result.reason
    assert [value.value for value in result.counterexample.inputs] == [1]


def test_func_is_no_literal_and_not_its_synonyms(tmp_path: Path):
    # gcc gives __func__, __FUNCTION__ and the literal "f" three arrays: never reached;
    # the encoding leaves the equalities open and the replay does not merge them
    body = _FUNCTION_NAMES.replace("CONDITION", "(a == b || a == c)")
    result = _verify(tmp_path, body, analysis_only())
    assert result.verdict is Verdict.UNKNOWN
    assert "do not reach the target" in result.reason


_WIDE = """
typedef int wchar_t;
typedef unsigned short char16_t;
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  wchar_t w[] = L"h\\u00e9\\U0001F600" "x";
  char16_t u[] = u"\\U0001F600a";
  const wchar_t *p = L"abc", *q = L"abc";
  if (sizeof w != 20 || sizeof u != 8 || sizeof L"ab" != 12 || w[2] != 128512) return 0;
  if (u[0] != 55357 || u[1] != 56832 || L"\\xffffffff"[0] != -1 || p != q) return 0;
  if (p[k] == 'c' && w[OFFSET] == 'x') reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("offset, expected", [("k + 1", Verdict.FALSE), ("k", Verdict.TRUE)])
def test_wide_literals_hold_code_points(tmp_path: Path, offset, expected):
    # gcc: w is {'h', 233, 128512, 'x', 0}, u is UTF-16; reached for k = 2 with k + 1
    result = _verify(tmp_path, _WIDE.replace("OFFSET", offset), analysis_only())
    assert result.verdict is expected, result.reason
