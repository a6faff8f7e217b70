"""Heap and ``alloca`` objects: allocation sites (:mod:`cpa.cfa.allocations`), their
objects in the memory model, ``free``, and what stays unsupported.

Every verdict below was checked by compiling the program with gcc (AddressSanitizer for
the safe ones); the larger set is ``tests/c_semantics/heap*``."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.allocations import allocation_sites
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.cfa.types import ArrayType, StructType
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate.memory import MemoryLayout

HEADER = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void *alloca(unsigned long);
extern void free(void *);
struct node { int v; struct node *next; };
"""


def _verify(tmp_path: Path, body: str, config: str | None = None):
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return verify(program, config, Specification.unreach_call(), timelimit=60)


def _sites(body: str):
    cfa = parse_source(HEADER + body)
    return cfa, sorted(allocation_sites(cfa).values(), key=lambda site: site.edge.line)


# --- allocation sites ----------------------------------------------------------------


def test_the_object_type_comes_from_the_converted_pointer_and_the_constant_size():
    _, sites = _sites(
        """int main(void) {
  struct node *n = (struct node *) malloc(sizeof(struct node));
  int *a = calloc(4, sizeof(int));
  int *b;
  b = malloc(3 * sizeof *b);
  int *c = malloc(sizeof(int));
  return 0;
}"""
    )
    node, a, b, c = sites
    assert isinstance(node.variable.type, StructType) and not node.array_of_pointee
    assert a.variable.type == ArrayType(a.variable.type.element, 4) and a.zeroed
    assert a.array_of_pointee and a.may_fail
    assert isinstance(b.variable.type, ArrayType) and b.variable.type.length == 3
    assert str(c.variable.type) == "int" and not c.zeroed


@pytest.mark.parametrize(
    "body, reason",
    [
        (
            "int main(void) { for (int k = 0; k < 2; k++) { int *p = malloc(4); } return 0; }",
            "more than once",
        ),
        (
            "int *mk(void) { return malloc(sizeof(int)); }\n"
            "int main(void) { int *p = mk(); int *q = mk(); return 0; }",
            "more than once",
        ),
        (
            "int main(void) { int n = __VERIFIER_nondet_int(); int *p = malloc(n); return 0; }",
            "not a constant",
        ),
        ("int main(void) { void *p = malloc(8); return 0; }", "unknown type"),
        ("int main(void) { int *p = malloc(6); return 0; }", "not a whole number"),
        (
            "extern void *realloc(void *, unsigned long);\n"
            "int main(void) { int *p = realloc(0, 4); return 0; }",
            "realloc",
        ),
    ],
)
def test_sites_the_model_cannot_represent_say_why(body: str, reason: str):
    _, (site,) = _sites(body)
    assert site.variable is None and reason in site.unmodelled


def test_a_function_called_once_allocates_once_but_not_a_recursive_one():
    _, sites = _sites(
        """int *once(void) { return malloc(sizeof(int)); }
int *rec(int k) { int *p = malloc(sizeof(int)); if (k) rec(k - 1); return p; }
int main(void) { int *p = once(); int *q = rec(1); return 0; }"""
    )
    once, rec = sites
    assert once.variable is not None
    assert rec.variable is None and "more than once" in rec.unmodelled


def test_allocated_objects_get_addresses_and_lifetime_cells():
    cfa, sites = _sites(
        """int main(void) { int x; int *p = &x; int *q = malloc(sizeof(int));
  int *r = alloca(sizeof(int)); return 0; }"""
    )
    layout = MemoryLayout(cfa)
    heap, stack = (layout.allocations[site.edge] for site in sites)
    assert heap.freeable and heap.lifetime is not None
    assert not stack.freeable and stack.lifetime is None  # alloca in main: lives to the end
    assert layout.freeable() == [heap]
    bases = sorted(o.base for o in layout.objects.values())
    assert len(bases) == 3 and all(b - a >= 16 for a, b in zip(bases, bases[1:], strict=False))


# --- verdicts --------------------------------------------------------------------------


LIST = """int main(void) {
  int *a = calloc(4, sizeof(int));
  if (!a) return 0;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = 7;
  struct node *n1 = (struct node *) malloc(sizeof(struct node));
  if (!n1) return 0;
  struct node *n2 = malloc(sizeof *n2);
  if (!n2) { free(n1); return 0; }
  n1->v = 1; n1->next = n2; n2->v = a[2]; n2->next = 0;
  int s = 0;
  for (struct node *p = n1; p; p = p->next) s += p->v;
  if (s == TARGET) reach_error();
  free(n1); free(n2); free(a);
  return 0;
}"""


@pytest.mark.parametrize("config", ["lbe", "abe-l", "impact", "cpufo"])
def test_a_heap_list_is_traversed_exactly(tmp_path: Path, config: str):
    found = _verify(tmp_path, LIST.replace("TARGET", "8"), config)
    assert found.verdict is Verdict.FALSE, found.reason
    assert [item.value for item in found.counterexample.inputs] == [2]
    proved = _verify(tmp_path, LIST.replace("TARGET", "5"), config)
    assert proved.verdict is Verdict.TRUE, proved.reason


def test_calloc_zeroes_and_alloca_lives_until_its_function_returns(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int g(int k) { int *q = alloca(2 * sizeof(int)); q[0] = k; q[1] = 2 * k;
  return q[0] + q[1]; }
int main(void) {
  struct node *n = calloc(1, sizeof(struct node));
  if (!n) return 0;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  if (n->next == 0 && n->v == 0 && g(k) == 9) reach_error();
  free(n);
  return 0;
}""",
    )
    assert result.verdict is Verdict.FALSE, result.reason
    assert [item.value for item in result.counterexample.inputs] == [3]


def test_a_failing_malloc_is_no_confirmed_counterexample(tmp_path: Path):
    # C lets malloc return null, but a compiled run's malloc(4) does not: UNKNOWN
    result = _verify(
        tmp_path, "int main(void) { int *p = malloc(4); if (!p) reach_error(); free(p); return 0; }"
    )
    assert result.verdict is Verdict.UNKNOWN, result.reason


@pytest.mark.parametrize(
    "body, what",
    [
        (  # use after free
            "int main(void) { int *p = malloc(sizeof(int)); if (!p) return 0; *p = 1; free(p);"
            " if (*p == 1) reach_error(); return 0; }",
            "dereference of 'p'",
        ),
        (  # double free
            "int main(void) { int *p = malloc(sizeof(int)); if (!p) return 0; free(p); free(p);"
            " return 0; }",
            "free of 'p'",
        ),
        (  # free of a pointer into the object
            "int main(void) { int *p = malloc(2 * sizeof(int)); if (!p) return 0; free(p + 1);"
            " return 0; }",
            "free of '(p + 1)'",
        ),
        (  # free of a variable
            "int main(void) { int x = 0; free(&x); return 0; }",
            "free of '&(x)'",
        ),
        (  # alloca memory after its function returned
            "int *g(void) { int *q = alloca(sizeof(int)); *q = 2; return q; }\n"
            "int main(void) { int *p = g(); if (*p == 2) reach_error(); return 0; }",
            "dereference of 'p'",
        ),
        (  # beyond the allocated array
            "int main(void) { int *p = malloc(2 * sizeof(int)); if (!p) return 0;"
            " int i = __VERIFIER_nondet_int(); if (i < 0 || i > 2) return 0; p[i] = 1;"
            " return 0; }",
            "p[i]",
        ),
    ],
)
@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_undefined_heap_operations_are_unknown_never_a_verdict(tmp_path, body, what, config):
    result = _verify(tmp_path, body, config)
    assert result.verdict is Verdict.UNKNOWN, result.reason
    assert "undefined behaviour" in result.reason and what in result.reason, result.reason


def test_an_allocation_the_model_cannot_represent_is_unsupported_with_its_line(tmp_path: Path):
    result = _verify(
        tmp_path,
        """int main(void) {
  for (int k = 0; k < 2; k++) { int *p = malloc(sizeof(int)); if (p) { *p = k; free(p); } }
  return 0;
}""",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported" in result.reason and "program.c:9" in result.reason, result.reason
    assert "more than once" in result.reason
