"""Pointers to objects: address-taken variables, the checks before pointer operations,
and the memory model of the predicate encoding (:mod:`cpa_predicate.memory`).

Every verdict below was checked by compiling the program with gcc (with AddressSanitizer
for the safe ones); the larger set is ``tests/c_semantics/deref*``."""

from __future__ import annotations

from pathlib import Path

import pytest
from cegar_builders import analysis_only

from cpa.cfa.addresses import address_taken
from cpa.cfa.expressions import MemoryCheck
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate.memory import GAP, MemoryLayout

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"


def _verify(tmp_path: Path, body: str, config: str | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


def _checks(cfa) -> list[tuple[str, str]]:
    found = []
    for node in cfa.nodes():
        if node.undefined is None:
            continue
        (edge,) = node.entering
        check = edge.condition.operand  # the check fails: !(check)
        assert isinstance(check, MemoryCheck) or "out of bounds" in node.undefined
        found.append((check.kind if isinstance(check, MemoryCheck) else "bounds", str(check)))
    return sorted(found)


# --- which variables have an address ---------------------------------------------------


def test_address_taken_variables_are_those_under_address_of_or_decaying():
    cfa = parse_source(
        HEADER
        + """struct S { int f; int g[2]; };
int main(void) {
  int x, y, a[3], b[3], c[3];
  struct S s, t;
  int *p = &x;     /* x */
  p = a;           /* a decays */
  p = &s.g[1];     /* s, through its member */
  y = b[1];        /* indexing by name: no address */
  t.f = c[0] + y;  /* neither */
  return *p;
}"""
    )
    names = sorted(variable.c_name for variable in address_taken(cfa))
    assert names == ["a", "s", "x"]
    assert cfa.address_taken == address_taken(cfa)


def test_objects_lie_apart_so_one_past_the_end_is_no_other_object():
    cfa = parse_source(HEADER + "int main(void) { int a[3], x; int *p = a; p = &x; return 0; }")
    layout = MemoryLayout(cfa)
    first, second = sorted(layout.objects.values(), key=lambda o: o.base)
    assert first.base + first.size + GAP <= second.base
    assert first.base > 0  # the null pointer is no object
    assert {place.path for place in layout.places(first.variable.type.element)} >= {
        "main::a[0]",
        "main::a[2]",
    }


# --- the checks before pointer operations ------------------------------------------------


def test_dereference_member_access_index_arithmetic_and_order_get_checks():
    cfa = parse_source(
        HEADER
        + """struct S { int f; };
int main(void) {
  int a[4]; struct S s; struct S *q = &s; int *p = a;
  int i = __VERIFIER_nondet_int();
  *p = 1; q->f = 2; p[i] = 3; p = p + 1;
  if (p < a) return 1;
  return 0;
}"""
    )
    kinds = [kind for kind, _ in _checks(cfa)]
    assert kinds.count("access") == 3  # *p, q->f, p[i]
    assert kinds.count("offset") == 2  # p[i] is *(p + i); p + 1
    assert kinds.count("same") == 1  # p < a
    assert ("access", "valid_access(q, struct S)") in _checks(cfa)


def test_a_constant_index_zero_through_a_pointer_needs_no_offset_check():
    cfa = parse_source(HEADER + "int main(void) { int a[2]; int *p = a; return p[0]; }")
    assert [kind for kind, _ in _checks(cfa)] == ["access"]


# --- verdicts ------------------------------------------------------------------------------


def test_swap_through_pointers_is_proved(tmp_path: Path):
    result = _verify(
        tmp_path,
        """void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int x0 = x, y0 = y;
  swap(&x, &y);
  if (x != y0 || y != x0) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_a_write_through_a_struct_pointer_is_found_with_its_input(tmp_path: Path):
    result = _verify(
        tmp_path,
        """struct S { int a; int b[3]; };
void set(struct S *p, int v) { p->a = v; p->b[1] = v + 1; }
int main(void) {
  struct S s = {0, {0, 0, 0}};
  int v = __VERIFIER_nondet_int();
  set(&s, v);
  int *q = &s.b[0];
  if (q[1] == 6) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.FALSE, result.reason
    assert [item.value for item in result.counterexample.inputs] == [5]


def test_which_object_a_pointer_points_to_follows_the_branch(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int main(void) {
  int x = 0, y = 0;
  int *p = &x; int **pp = &p;
  if (__VERIFIER_nondet_int()) *pp = &y;
  **pp = 5;
  if (x + y != 5) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_an_unsigned_lvalue_reads_the_bits_of_an_int(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int main(void) {
  int x = -1; unsigned *u = (unsigned *)&x;
  if (*u == 4294967295u) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.FALSE, result.reason


def test_pointer_difference_counts_elements(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int main(void) {
  int a[6]; int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 5) return 0;
  int *p = &a[i];
  if (p - a != i) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


@pytest.mark.parametrize(
    "body, what",
    [
        (  # null on one branch
            "int main(void) { int x = 1; int *p = 0; if (__VERIFIER_nondet_int()) p = &x;"
            " *p = 2; if (x != 2) reach_error(); return 0; }",
            "dereference of 'p'",
        ),
        (  # a local of a function that has returned
            "int *f(void) { int y = 3; int *q = &y; return q; }\n"
            "int main(void) { int *p = f(); if (*p != 3) reach_error(); return 0; }",
            "dereference of 'p'",
        ),
        (  # one past the end, then written
            "int main(void) { int a[4] = {0}; int b = 7; int *p = a;"
            " int i = __VERIFIER_nondet_int(); if (i < 0 || i > 4) return 0;"
            " p = p + i; *p = 1; if (b != 7) reach_error(); return 0; }",
            "dereference of 'p'",
        ),
        (  # arithmetic beyond one past the end
            "int main(void) { int a[4]; int *p = a + 5; if (p == a) reach_error(); return 0; }",
            "pointer arithmetic",
        ),
        (  # the order of pointers into different objects
            "int main(void) { int x, y; if (&x < &y) reach_error(); return 0; }",
            "different objects",
        ),
    ],
)
@pytest.mark.parametrize("config", ["lbe", "sbe", "abe-l", "impact", "cpufo"])
def test_an_undefined_pointer_operation_is_unknown_never_a_verdict(tmp_path, body, what, config):
    result = _verify(tmp_path, body, config)
    assert result.verdict is Verdict.UNKNOWN, result.reason
    assert "undefined behaviour" in result.reason and what in result.reason, result.reason


@pytest.mark.parametrize("config", ["lbe", "impact"])
@pytest.mark.parametrize("first, second", [("a", "b"), ("b", "a")])
def test_one_past_an_object_may_equal_the_next_object(tmp_path: Path, config, first, second):
    # C11 6.5.9p6: equal if the second object happens to follow the first; gcc -O0 puts
    # b right below a, so '&b + 1 == &a' holds there (it was a wrong TRUE)
    result = _verify(
        tmp_path,
        f"int main(void) {{ int a, b; int *p = &{first} + 1;"
        f" if (p == &{second}) reach_error(); return 0; }}",
        config,
    )
    assert result.verdict is not Verdict.TRUE, result.reason


def test_pointer_equality_is_exact_where_the_layout_does_not_matter(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int main(void) {
  int a[2], b; int *p = a, *q = &b;
  if (__VERIFIER_nondet_int()) p = p + 2;  /* one past a: never a itself, nor null */
  if (p == a + 1 || p == 0 || q == a || q != &b) reach_error();
  if (p == q) return 1;                   /* may hold: not asserted */
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


@pytest.mark.parametrize("config", ["lbe", "sbe", "impact"])
def test_pointers_compared_as_wide_integers_are_compared_as_pointers(tmp_path, config):
    # CIL writes 'p != q' as '(unsigned long) p != (unsigned long) q'
    result = _verify(
        tmp_path,
        """void f(void) {}
struct S { void (*cb)(); int *p; };
int main(void) {
  struct S s; int x, y;
  s.cb = 0; s.p = &x;
  if (__VERIFIER_nondet_int()) { s.cb = f; s.p = &y; }
  if ((unsigned long) s.cb != (unsigned long) ((void *) 0)) {
    if ((unsigned long) s.p != (unsigned long) &y) reach_error();
  } else if ((long) s.p == 0 || (unsigned long) s.p != (unsigned long) &x) {
    reach_error();
  }
  return 0;
}""",
        config,
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_a_pointer_compared_as_a_wide_integer_reaches_the_error(tmp_path: Path):
    result = _verify(
        tmp_path,
        "int main(void) { int x; int *p = 0; if (__VERIFIER_nondet_int()) p = &x;"
        " if ((unsigned long) p != 0) reach_error(); return 0; }",
    )
    assert result.verdict is Verdict.FALSE, result.reason


def test_a_pointer_converted_to_a_narrower_integer_stays_unsupported(tmp_path: Path):
    # under LP64 'unsigned' drops half of an address: equal integers, different pointers
    result = _verify(
        tmp_path,
        "int main(void) { int a, b; if ((unsigned) &a == (unsigned) &b) reach_error(); return 0; }",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "between a pointer and an integer" in result.reason, result.reason


@pytest.mark.parametrize(
    "body, what",
    [
        (  # gcc returns null for the address of a local that a function returns
            "int *f(void) { int x = 1; return &x; }\n"
            "int main(void) { int *p = f(); if (p == 0) reach_error(); return 0; }",
            "lifetime has ended",
        ),
        (  # two functions' locals may share a stack slot
            "int *g1, *g2; void f1(void) { int x = 1; g1 = &x; }"
            " void f2(void) { int y = 2; g2 = &y; }\n"
            "int main(void) { f1(); f2(); if (g1 == g2) reach_error(); return 0; }",
            "lifetime has ended",
        ),
        (  # glibc hands the freed block out again
            "extern void *malloc(unsigned long); extern void free(void *);\n"
            "int main(void) { int *p = malloc(sizeof(int)); if (!p) return 0; free(p);"
            " int *q = malloc(sizeof(int)); if (!q) return 0; if (p == q) reach_error();"
            " return 0; }",
            "lifetime has ended",
        ),
        (  # a truth value of a dangling pointer
            "int *f(void) { int x = 1; return &x; }\n"
            "int main(void) { int *p = f(); if (!p) reach_error(); return 0; }",
            "lifetime has ended",
        ),
    ],
)
@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_a_pointer_to_a_dead_object_is_never_compared(tmp_path: Path, body, what, config):
    # each of these reaches the error in gcc's -O0 build (it was a wrong TRUE)
    result = _verify(tmp_path, body, config)
    assert result.verdict is Verdict.UNKNOWN, result.reason
    assert "undefined behaviour" in result.reason and what in result.reason, result.reason


def test_locals_of_a_function_that_runs_twice_have_no_fixed_address(tmp_path: Path):
    # the second activation of f would revive x at the same address, and *g would read
    # it as if g were valid; gcc's build reads another frame (it was a wrong TRUE)
    result = _verify(
        tmp_path,
        """int *g;
int f(int v) { int x = v; if (!g) { g = &x; return 0; } return *g; }
int main(void) { f(1); if (f(2) != 2) reach_error(); return 0; }""",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "may run more than once" in result.reason, result.reason


def test_a_local_of_a_function_called_once_is_still_an_object(tmp_path: Path):
    result = _verify(
        tmp_path,
        """void set(int *p, int v) { *p = v; }
int f(void) { int x = 0; set(&x, 5); return x; }
int main(void) { if (f() != 5) reach_error(); return 0; }""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


@pytest.mark.parametrize(
    "body",
    [
        # the replay read the stored char -1 through 'unsigned char *' as -1
        "char buf[2]; buf[0] = -1; buf[1] = 5; unsigned char *u = (unsigned char *) buf;"
        " if (u[0] == 255 && u[1] == 5) reach_error();",
        # an array and its first element share the address
        "int a[3]; if ((void *) &a == (void *) a) reach_error();",
        # gcc knows __builtin_alloca undeclared (<alloca.h> expands alloca to it)
        "int *p = __builtin_alloca(2 * sizeof(int)); p[1] = 4; if (p[1] == 4) reach_error();",
    ],
)
def test_found_errors_replay_through_pointers(tmp_path: Path, body):
    result = _verify(tmp_path, f"int main(void) {{ {body} return 0; }}")
    assert result.verdict is Verdict.FALSE, result.reason


@pytest.mark.parametrize(
    "declaration",
    ["const int c = 5;", "static const int c = 5;", "const int table[2] = {5, 5}; int c;"],
)
def test_a_store_into_a_const_object_is_undefined(tmp_path: Path, declaration):
    # gcc -O0 puts a const global in read-only memory (the store crashes), and -O2
    # folds a const local's reads (the error is reached): neither is the model's
    target = "(int *) &c" if "table" not in declaration else "(int *) table"
    result = _verify(
        tmp_path,
        f"{declaration}\nint main(void) {{ int *p = {target}; *p = 6;"
        " if (*p != 6) reach_error(); return 0; }",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "const object" in result.reason, result.reason


def test_pointers_to_const_and_const_pointers_store_where_they_may(tmp_path: Path):
    result = _verify(
        tmp_path,
        """const int limit = 3;
int main(void) {
  int x = 5; const int *cp = &x; int *const p = &x; const int *lp = &limit;
  *p = *cp + *lp;   /* x is not const: the store is defined */
  if (x != 8 || *cp != 8) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_guarded_pointer_arithmetic_is_proved_safe(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int main(void) {
  int a[4] = {0}; int b = 7; int *p = a;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  p = p + i; *p = 1;
  if (b != 7 || a[i] != 1) reach_error();
  return 0;
}""",
    )
    assert result.verdict is Verdict.TRUE, result.reason


def test_the_destination_of_a_call_result_is_the_one_before_the_call(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int x, y, i; int *p = &x; int a[3];
int f(void) { p = &y; return 1; }
int g(void) { i = 2; return 1; }
int main(void) {
  *p = f();
  a[i] = g();
  if (x != 1 || y != 0 || a[0] != 1 || a[2] != 0) reach_error();
  return 0;
}""",
    )
    # C leaves the order open; gcc (-O0 and -O2) evaluates the destination first
    assert result.verdict is Verdict.TRUE, result.reason


@pytest.mark.parametrize(
    "body, construct",
    [
        ("int *p = 0; { int y = 2; p = &y; } if (*p != 2) reach_error();", "inner block"),
        (
            "int s = 0; for (int i = 0; i < 2; i++) { int *q = (int[2]){ i, 1 }; s += q[1]; }"
            " if (s != 2) reach_error();",
            "the address of a compound literal (declared in an inner block",
        ),
        ("union U { int x; float f; } u; int *p = &u.x; *p = 1;", "float"),
        ("int x; extern void g(int *); g(&x); if (x) reach_error();", "g()"),
    ],
)
def test_what_the_memory_model_does_not_cover_is_unsupported(tmp_path: Path, body, construct):
    result = _verify(tmp_path, f"int main(void) {{ {body} return 0; }}", analysis_only())
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported" in result.reason and construct in result.reason, result.reason


_VOID_ARITHMETIC = """
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  char buf[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int a[3] = {10, 20, 30};
  void *p = buf, *v = a;
  void *q = p + 2;
  q += k;
  q++;
  int *r = (int *)(v + 4 * k);
  if (*(char *)q == 5 && q - p == DIFFERENCE && *(char *)(1 + p) == 1 && *r == 30)
    reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("config", ["lbe", "impact"])
@pytest.mark.parametrize("difference, expected", [("5", Verdict.FALSE), ("4", Verdict.TRUE)])
def test_arithmetic_on_void_pointers_counts_bytes(tmp_path: Path, config, difference, expected):
    # gcc: sizeof (void) is 1, so q is buf + 3 + k and v + 4 * k is &a[k]; reached for k = 2
    body = _VOID_ARITHMETIC.replace("DIFFERENCE", difference)
    result = _verify(tmp_path, body, analysis_only(config))
    assert result.verdict is expected, result.reason
    if expected is Verdict.FALSE:
        assert [value.value for value in result.counterexample.inputs] == [2]
