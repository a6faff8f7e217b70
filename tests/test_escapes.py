"""Address-taken locals of functions that run more than once (:mod:`cpa.cfa.escapes`):
one fixed address serves all activations only where no pointer outlives one."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.results import Verdict
from cpa.verifier import verify

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

# each stores a pointer into f's x where it outlives the call, and f runs twice
ESCAPING = {
    "through an out-parameter": """static void f(int **out, int v) { int x = v; *out = &x; }
        int main(void) { int *p; f(&p, 1); f(&p, 2); return *p; }""",
    "returned": """static int *f(int v) { int x = v; int *p = &x; return p; }
        int main(void) { int *p = f(1); f(2); return *p; }""",
    "kept by a callee in a global": """int *g;
        static void keep(int *p) { int *q = p; g = q; }
        static void pass(int *p) { keep(p); }
        static int f(int v) { int x = v; if (!g) pass(&x); return *g; }
        int main(void) { f(1); return f(2); }""",
    "converted to an integer and back": """long kept;
        static int f(int v) { int x = v; long a = (long)&x; long b = a + 0;
          if (!kept) kept = b; return *(int *)kept; }
        int main(void) { f(1); return f(2); }""",
    "in an integer member": """struct T { long a; }; long kept;
        static int f(int v) { int x = v; struct T s; s.a = (long)&x; long t = s.a;
          if (!kept) kept = t; return *(int *)kept; }
        int main(void) { f(1); return f(2); }""",
    "in a local array, then a global": """int *g;
        static int f(int v) { int x = v; int *arr[2]; arr[0] = &x; arr[1] = 0;
          if (!g) g = arr[0]; return *g; }
        int main(void) { f(1); return f(2); }""",
    "in a struct copied to a global": """struct S { int *p; int n; }; struct S gs;
        static int f(int v) { int x = v; struct S s; s.p = &x; s.n = 1;
          if (!gs.n) gs = s; return *gs.p; }
        int main(void) { f(1); return f(2); }""",
    "in a static local": """static int f(int v) { int x = v; static int *keep;
          if (!keep) keep = &x; return *keep; }
        int main(void) { f(1); return f(2); }""",
    "through a pointer a callee writes": """static void put(int **pp, int *v) { *pp = v; }
        static int f(int **slot, int v) { int x = v; if (!*slot) put(slot, &x); return **slot; }
        int main(void) { int *s = 0; f(&s, 1); return f(&s, 2); }""",
    "copied byte-wise by memcpy": """#include <string.h>
        int *g;
        static int f(int v) { int x = v; int *p = &x; if (!g) memcpy(&g, &p, sizeof p);
          return *g; }
        int main(void) { f(1); return f(2); }""",
}

# pointers into f's locals that die with the call
CONTAINED = {
    "written by a callee": """static void inc(int *p) { *p = *p + 1; }
        static int f(int v) { int x = v; inc(&x); return x; }
        int main(void) { return f(1) + f(2); }""",
    "an array walked by a pointer": """static int f(int n) { int x[3] = {n, n, n}; int s = 0;
          for (int *p = x; p < x + 3; p++) s += *p; return s; }
        int main(void) { return f(1) + f(2); }""",
    "in a local struct, a difference returned": """struct S { int *p; };
        static int f(int n) { int x[4]; struct S s; s.p = &x[n & 3]; return s.p - x; }
        int main(void) { return f(1) + f(2); }""",
    "passed two calls down and compared": """static int same(int *p, int *q) { return p == q; }
        static int both(int *p, int *q) { return same(p, q) + same(q, p); }
        static int f(int v) { int x = v, y = v; return both(&x, &y) + both(&x, &x); }
        int main(void) { return f(1) + f(2); }""",
}


def _locals(source: str) -> tuple[set[str], set[str]]:
    """(address-taken locals of f, those contained)."""
    cfa = parse_source(HEADER + source)
    taken = {v.c_name for v in cfa.address_taken if v.function == "f"}
    contained = {v.c_name for v in cfa.contained_locals if v.function == "f"}
    return taken, contained


@pytest.mark.parametrize("source", ESCAPING.values(), ids=ESCAPING.keys())
def test_a_pointer_that_may_outlive_the_call_keeps_the_local_refused(source):
    taken, contained = _locals(source)
    assert "x" in taken and "x" not in contained


@pytest.mark.parametrize("source", CONTAINED.values(), ids=CONTAINED.keys())
def test_pointers_that_die_with_the_call_let_the_local_have_one_address(source):
    taken, contained = _locals(source)
    assert "x" in taken and "x" in contained


def _verify(tmp_path: Path, body: str):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, None, Specification.unreach_call(), timelimit=60)


TWICE = """static void inc(int *p) { *p = *p + 1; }
static int twice(int v) { int t = v; inc(&t); inc(&t); return t; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) s += twice(i);
  if (s %s 9) reach_error();
  return 0;
}"""


def test_a_local_written_through_its_address_in_a_loop_of_calls(tmp_path: Path):
    # gcc: s is 2 + 3 + 4 = 9 (the program with "==" reaches reach_error)
    assert _verify(tmp_path, TWICE % "!=").verdict is Verdict.TRUE
    result = _verify(tmp_path, TWICE % "==")
    assert result.verdict is Verdict.FALSE, result.reason
    assert result.counterexample.confirmation.startswith("gcc: reached")


def test_a_parameter_whose_address_is_taken_in_a_function_called_twice(tmp_path: Path):
    body = """static int add(int a, int b) { int *p = &a; *p += b; return a; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  if (add(add(x, 1), 2) == 50) reach_error();
  return 0;
}"""
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.FALSE, result.reason
    assert [i.value for i in result.counterexample.inputs] == [47]
    assert result.counterexample.confirmation.startswith("gcc: reached")


def test_a_pointer_kept_from_a_former_call_stays_unknown(tmp_path: Path):
    # dereferencing g in the second call is undefined (x of the first call is dead);
    # gcc's build happens to read 5 from the same stack slot
    body = """int *g;
static void f(int first) { int x = 5; if (first) g = &x; else if (*g != 5) reach_error(); }
int main(void) { f(1); f(0); return 0; }"""
    result = _verify(tmp_path, body)
    assert result.verdict is Verdict.UNKNOWN
    assert "may outlive the call" in result.reason, result.reason
