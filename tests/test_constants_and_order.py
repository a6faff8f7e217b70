"""Constants, argument order and static locals as gcc builds them.

Each case here was a wrong TRUE (or a crash) found by an adversarial review: the
program reaches the error in gcc's build (x86, -O0 and -O2, ILP32 and LP64, no
sanitizer report) while the analyses proved it safe."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.data_model import ILP32
from cpa.cfa.scopes import UnsupportedConstant, literal_units, parse_constant, string_units
from cpa.cfa.targets import Specification
from cpa.cfa.types import INT
from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"


def _verify(tmp_path: Path, body: str, config: str | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


@pytest.mark.parametrize(
    "text, value",
    [
        ("'a'", 97),
        ("'\\e'", 27),  # GNU escape
        ("'\\xff'", -1),  # a (signed) char's value
        ("'\\0'", 0),
        ("'\\1234'", 0x5334),  # '\123' then '4': a multi-character constant
        ("'ab'", 0x6162),
        ("'\\xff\\x01'", 0xFF01),
        ("'é'", 0xC3A9),  # its UTF-8 bytes
        ("'\\u00e9'", 0xC3A9),  # a universal character name: the same bytes
        ("'\\u0024'", 36),  # '$', one of the three below 0xA0 that C allows
    ],
)
def test_character_constants_have_gccs_values(text, value):
    assert parse_constant("char", text) == (value, INT)


@pytest.mark.parametrize(
    "text", ["'\\8'", "'abcde'", "'\\u0041'", "'\\ud800'", "'\\u00e'", "L'ab'", "u'\\U0001F600'"]
)
def test_character_constants_gcc_reads_differently_are_unsupported(text):
    with pytest.raises(UnsupportedConstant):
        parse_constant("char", text)


def test_wide_character_constants_are_one_code_point_of_their_type():
    # gcc: L'\u00e9' and L'é' are 233, u'\u20ac' 8364, L'\xffffffff' is -1 (a signed wchar_t)
    for text, value, name in [
        ("L'\\u00e9'", 233, "int"),
        ("L'é'", 233, "int"),
        ("u'\\u20ac'", 8364, "unsigned short"),
        ("U'\\U0001F600'", 0x1F600, "unsigned int"),
        ("L'\\xffffffff'", -1, "int"),
    ]:
        constant, ctype = parse_constant("char", text)
        assert (constant, ctype.name) == (value, name), text
    assert parse_constant("char", "L'a'", ILP32)[1].name == "long"  # gcc's wchar_t


def test_universal_character_names_in_strings_are_their_utf8_bytes():
    assert string_units('"\\u00e9x\\U0001F600"') == [0xC3, 0xA9, 0x78, 0xF0, 0x9F, 0x98, 0x80]
    assert string_units('"\\u00e99"') == [0xC3, 0xA9, 0x39]  # exactly four digits
    with pytest.raises(UnsupportedConstant):  # gcc rejects a surrogate
        string_units('"\\udfff"')


def test_wide_literals_are_code_points_of_their_own_element_type():
    element, units = literal_units('L"h\\u00e9\\U0001F600" "x"')
    assert (element.name, element.size, units) == ("int", 4, [104, 233, 0x1F600, 120])
    assert literal_units('L"a"', ILP32)[0].name == "long"  # gcc's wchar_t under -m32
    element, units = literal_units('u"\\U0001F600a"')  # UTF-16: a surrogate pair
    assert (element.name, units) == ("unsigned short", [0xD83D, 0xDE00, 97])
    assert literal_units('U"\\xffffffff"')[1] == [0xFFFFFFFF]
    assert literal_units('u8"é"')[1] == [0xC3, 0xA9]  # UTF-8, a narrow literal
    for refused in ('L"a" u"b"', 'u"\\x10000"'):  # gcc: rejected; out of range
        with pytest.raises(UnsupportedConstant):
            literal_units(refused)


@pytest.mark.parametrize("text", ["9223372036854775808", "18446744073709551615"])
def test_a_decimal_constant_beyond_long_long_is_unsupported(text):
    # gcc gives it __int128 under LP64; C gives it no type at all
    with pytest.raises(UnsupportedConstant):
        parse_constant("int", text)


def test_a_decimal_constant_beyond_long_long_is_unsupported_not_a_verdict(tmp_path: Path):
    with pytest.raises(UnsupportedFeature, match="too large for long long"):
        _verify(
            tmp_path, "int main(void) { if (9223372036854775808 > -1) reach_error(); return 0; }"
        )


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_arguments_are_evaluated_right_to_left_as_gcc_does(tmp_path: Path, config):
    result = _verify(
        tmp_path,
        """int o, g = 1;
int a(void) { o = o * 10 + 1; return 0; }
int b(void) { o = o * 10 + 2; return 0; }
int bump(void) { g = g * 2; return g; }
int h(int x, int y) { return x + y; }
int main(void) {
  h(a(), b());
  int r = h(g, bump());   /* bump() first: 2 + 2 */
  if (o != 21 || r != 4) return 0;
  reach_error();
  return 0;
}""",
        config,
    )
    assert result.verdict is Verdict.FALSE, result.reason


def test_inputs_of_arguments_replay_in_gccs_order(tmp_path: Path):
    result = _verify(
        tmp_path,
        "int sub(int x, int y) { return x - y; }\n"
        "int main(void) { if (sub(__VERIFIER_nondet_int(), __VERIFIER_nondet_int()) == 5)"
        " reach_error(); return 0; }",
    )
    assert result.verdict is Verdict.FALSE, result.reason  # confirmed by a compiled run


def test_static_locals_of_two_blocks_are_two_variables(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int f(int sel) {
  if (sel) { static int k = 1; k++; return k; }
  else { static int k = 100; k++; return k; }
}
int main(void) { f(1); f(0); int r = f(1); if (r == 3) reach_error(); return 0; }""",
    )
    assert result.verdict is Verdict.FALSE, result.reason


def test_a_64_bit_division_overflow_under_ilp32_is_no_trap(tmp_path: Path):
    # gcc -m32 divides long long in __divdi3, which returns instead of trapping: the
    # error below is reached there (through undefined behaviour), so TRUE was wrong
    program = tmp_path / "program.c"
    program.write_text(
        HEADER + "int main(void) { long long a = __VERIFIER_nondet_int();"
        " long long b = __VERIFIER_nondet_int();"
        " if (a == -2147483648LL && b == -1) { a = a * 4294967296LL;"
        " if (a / b < 0) reach_error(); } return 0; }"
    )
    result = verify(program, None, Specification.unreach_call(), timelimit=60, data_model=ILP32)
    assert result.verdict is Verdict.UNKNOWN, result.reason


@pytest.mark.parametrize(
    "body",
    [
        # a second activation jumps past the declaration: v is not the first one's 5
        """static int f(int first) {
          if (!first) goto L;
          int v;
          v = 5;
        L:
          return v;
        }
        int main(void) { f(1); if (f(0) != 5) reach_error(); return 0; }""",
        # a case label after a declaration in the switch body: the block is new each time
        """int main(void) {
          for (int i = 1; i <= 2; i++)
            switch (i) { int v; case 1: v = 7; break; case 2: if (v != 7) reach_error(); }
          return 0;
        }""",
        # a function that ends without return: its result is indeterminate (C11 6.9.1p12)
        """static int f(int x) { if (x) return 5; }
        int main(void) { f(1); if (f(0) != 5) reach_error(); return 0; }""",
        # 'return;' in a function with a result (gcc accepts it with a warning)
        """static int f(int x) { if (x) return 5; return; }
        int main(void) { f(1); if (f(0) != 5) reach_error(); return 0; }""",
    ],
)
def test_a_value_no_run_chooses_is_not_the_one_a_former_call_left(tmp_path, body):
    # gcc -O0 happens to keep the old value (the same stack slot), but the value is
    # indeterminate (C11 6.2.4p6), so TRUE would be a guess; no input chooses it, so
    # the path that needs it ends UNKNOWN
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.UNKNOWN, result.reason
    assert "uninitialised" in result.reason, result.reason


def test_a_backward_jump_within_the_scope_keeps_the_value(tmp_path: Path):
    body = """int main(void) {
      int n = 0;
      int v = 3;
    L:
      n++;
      if (n < 3) { v = v + 1; goto L; }
      if (v != 5) reach_error();
      return 0;
    }"""
    assert _verify(tmp_path, body).verdict is Verdict.TRUE


@pytest.mark.parametrize(
    "body",
    [
        # gcc evaluates the size of a variably modified type where the type is: a
        # declaration, a cast, a typedef, a parameter on entry (all reach_error with gcc)
        "int g; int main(void) { int (*p)[(g = 5, 2)] = 0; if (g == 5) reach_error(); return 0; }",
        "int g; int main(void) { int a[4]; void *q = (int (*)[(g = 7, 2)]) a;\n"
        "  if (g == 7) reach_error(); return 0; }",
        "int g; int main(void) { typedef int T[(g = 5, 2)]; if (g == 5) reach_error(); return 0; }",
        "int g; void h(int n, int a[(g = 5, n)]) { }\n"
        "int main(void) { int arr[2]; h(2, arr); if (g == 5) reach_error(); return 0; }",
        # the size's side effect let a pointer to x escape unseen (cpa/cfa/escapes.py)
        "int gy = 5; int *gp = &gy;\n"
        "int f(int v, int use) { int x = v; if (use) return *gp; int (*p)[(gp = &x, 1)] = 0;\n"
        "  return 0; }\n"
        "int main(void) { f(5, 0); if (f(9, 1) != 5) reach_error(); return 0; }",
    ],
)
def test_a_variably_modified_type_is_refused_not_its_size_dropped(tmp_path: Path, body):
    reason = _unknown_reason(tmp_path, body)  # each was a wrong TRUE
    assert "variably modified type" in reason, reason


def _unknown_reason(tmp_path: Path, body: str) -> str:
    """The reason of an UNKNOWN answer: in main a refusal ends the parse (the command
    line answers UNKNOWN with it), elsewhere a path that reaches the call."""
    try:
        result = _verify(tmp_path, body)
    except UnsupportedFeature as refused:
        return str(refused)
    assert result.verdict is Verdict.UNKNOWN
    return result.reason


def test_a_size_in_prototype_scope_is_never_evaluated(tmp_path: Path):
    body = """int g;
void h(int n, int a[(g = 5, n)]);
void k(int n, int a[*]);
int (*fp)(int n, int a[n]);
void h(int n, int *a) { a[0] = n; }
int main(void) { int arr[2]; h(2, arr); if (g == 5 || arr[0] != 2) reach_error(); return 0; }"""
    assert _verify(tmp_path, body).verdict is Verdict.TRUE


@pytest.mark.parametrize(
    "body",
    [
        # gcc never calls the f() that [0] = 3 overrides (C11 6.7.9 footnote 151)
        "int g; int f(void) { g = 1; return 7; }\n"
        "int main(void) { int a[2] = { [0] = f(), [0] = 3 }; if (g == 0) reach_error(); return 0; }",
        # gcc evaluates designated items in member order: f(5) before f(4)
        "int t; int f(int d) { t = t * 10 + d; return d; }\n"
        "int main(void) { struct { int x, y; } s = { .y = f(4), .x = f(5) };\n"
        "  if (t == 54) reach_error(); return 0; }",
        # items are indeterminately sequenced (C11 6.7.9p23): either call may come first
        "int t; int f(int d) { t = t * 10 + d; return d; }\n"
        "int main(void) { int a[2] = { f(1), f(2) }; if (t == 21) reach_error(); return 0; }",
    ],
)
def test_initialiser_items_whose_order_or_omission_matters_are_refused(tmp_path, body):
    reason = _unknown_reason(tmp_path, body)
    assert "initialiser items with side effects" in reason, reason


def test_initialiser_items_with_inputs_keep_their_order(tmp_path: Path):
    body = """int main(void) {
  int a[2] = { __VERIFIER_nondet_int(), __VERIFIER_nondet_int() };
  struct { int x, y; } s = { .x = 1, .y = a[1] };
  if (a[0] == 3 && s.y == 4) reach_error();
  return 0;
}"""
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.FALSE, result.reason
    assert [i.value for i in result.counterexample.inputs] == [3, 4]


# --- a destination and a call on the right side: C leaves their order open -------------

_ORDER_GLOBALS = "int a[3], g, *p = a;\nint f(void) { g = 1; p = &a[1]; return 1; }\n"


@pytest.mark.parametrize(
    "statement",
    [
        "a[g ? 1 : 0] += f();",  # gcc evaluates the conditional after the call
        "*p++ += f();",
        "a[g++] += f();",
        "a[g && 1] -= f();",
        "a[g ? 1 : 0] = a[0] + f();",
        "a[g] = f() + 0;",  # gcc folds the sum to a bare call and locates a[g] first
        "*p = f() * 1;",
    ],
)
def test_a_destination_a_call_may_change_is_refused(tmp_path: Path, statement):
    # each was a wrong TRUE: gcc builds reach the error
    body = _ORDER_GLOBALS + f"int main(void) {{ {statement} if (a[1]) reach_error(); return 0; }}"
    reason = _unknown_reason(tmp_path, body)
    assert "may be located before or after the call" in reason, reason


@pytest.mark.parametrize(
    ("statement", "verdict"),
    [
        # a bare call with '=': the destination is located first, as gcc does
        ("a[g] = f();", Verdict.TRUE),
        # a plain destination with a compound operator: located after the call, as gcc
        ("a[g] += f();", Verdict.FALSE),
        # what locates the destination is a local no callee can change
        ("int i = 0; a[i ? 1 : 0] += f();", Verdict.TRUE),
        ("int n = 1; a[n++] = f() + 1;", Verdict.FALSE),
        # no function with a body on the right side
        ("a[g++] = __VERIFIER_nondet_int() + 1;", Verdict.TRUE),
    ],
)
def test_a_destination_no_call_can_change_keeps_its_order(tmp_path: Path, statement, verdict):
    body = _ORDER_GLOBALS + f"int main(void) {{ {statement} if (a[1]) reach_error(); return 0; }}"
    result = _verify(tmp_path, body)
    assert result.verdict is verdict, result.reason


def test_a_local_whose_address_is_taken_is_no_private_index(tmp_path: Path):
    body = (
        "int a[3], *q;\nint f(void) { *q = 1; return 1; }\n"
        "int main(void) { int i = 0; q = &i; a[i ? 1 : 0] += f(); if (a[1]) reach_error();"
        " return 0; }"
    )
    reason = _unknown_reason(tmp_path, body)
    assert "may be located before or after the call" in reason, reason
