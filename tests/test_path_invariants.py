"""Invariants of a spurious path's path program as predicates
(``refiner.predicate.path_invariants``, :mod:`cpa_predicate.path_invariants`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pysmt.shortcuts import (
    BV,
    BVSLT,
    FALSE,
    TRUE,
    And,
    BVAdd,
    Equals,
    Not,
    NotEquals,
    Symbol,
    is_unsat,
)
from pysmt.typing import BVType

from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.results import Verdict
from cpa.verifier import analyze
from cpa_predicate.error_path import ErrorPath
from cpa_predicate.interpolation import (
    DagEdge,
    InterpolationError,
    Interpolator,
    TransitionGraph,
)
from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator
from cpa_predicate.path_invariants import path_program
from cpa_predicate.pathformula import PathFormula
from cpa_predicate.ssa import SSAMap, rename_symbols, symbol
from cpa_predicate.state import Abstraction

W = BVType(32)
x, x1 = Symbol("loop::x@0", W), Symbol("loop::x@1", W)
y, y1 = Symbol("loop::y@0", W), Symbol("loop::y@1", W)
EFFORT = 50_000_000


def _counting_loop(error_when: object, bound: int = 1000) -> TransitionGraph:
    """x = 0, y = 0; while (x < bound) { x += 1; y += 2; } error if ``error_when``."""
    return TransitionGraph(
        size=3,
        edges=[
            DagEdge(0, 1, And(Equals(x1, BV(0, 32)), Equals(y1, BV(0, 32))), {x: x1, y: y1}),
            DagEdge(
                1,
                1,
                And(
                    BVSLT(x, BV(bound, 32)),
                    Equals(x1, BVAdd(x, BV(1, 32))),
                    Equals(y1, BVAdd(y, BV(2, 32))),
                ),
                {x: x1, y: y1},
            ),
            DagEdge(1, 2, And(Not(BVSLT(x, BV(bound, 32))), error_when)),
        ],
        errors=frozenset({2}),
        node_variables=frozenset({x, y}),
    )


def test_a_loops_invariant_holds_on_every_edge_of_the_graph():
    graph = _counting_loop(NotEquals(y, BV(2000, 32)))
    with Z3SpacerInterpolator() as interpolator:
        labels = interpolator.graph_invariants(graph, EFFORT)
    assert labels is not None
    assert labels[0].is_true() and labels[2].is_false()
    assert labels[1].get_free_variables() <= {x, y}
    for edge in graph.edges:  # inductive over the bit-vector formulas themselves
        after = rename_symbols(labels[edge.target], dict(edge.at_target))
        assert is_unsat(And(labels[edge.source], edge.formula, Not(after))), edge
    # the loop head's label relates the two counters: no unrolling could say that
    assert is_unsat(And(labels[1], Equals(x, BV(7, 32)), Equals(y, BV(15, 32))))


def test_a_graph_that_reaches_its_error_has_no_invariants():
    with Z3SpacerInterpolator() as interpolator:
        assert (
            interpolator.graph_invariants(_counting_loop(Equals(y, BV(6, 32)), 3), EFFORT) is None
        )


class _SequencesOnly(Interpolator):
    def sequence_interpolants(self, formulas):
        return None


def test_an_interpolator_without_horn_solving_finds_none():
    with pytest.raises(InterpolationError):
        _SequencesOnly().graph_invariants(_counting_loop(Equals(y, BV(1, 32))), EFFORT)


COUNT_BY_TWO = """
void reach_error(void);
int main(void) {
  int i;
  for (i = 0; i < 1000000; i += 2)
    ;
  if (i != 1000000) reach_error();
  return 0;
}
"""

ONCE_THROUGH_THE_HEAD = """
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) x = 0;
  if (x != 0) reach_error();
  return 0;
}
"""


def _verify(tmp_path: Path, source: str, effort: int):
    path = tmp_path / "program.c"
    path.write_text(source)
    options = [f"refiner.predicate.path_invariants={effort}"]
    configuration = load_configuration("lbe", options)
    return analyze(parse_program(path), configuration, Specification.any_error(), 60)


def test_the_path_programs_invariant_proves_a_loop_that_steps_by_two(tmp_path: Path):
    # the interpolants alone are i = 0, i = 2, ...: a refinement per iteration, and
    # the condition atoms (i < 1000000) lack the parity
    result = _verify(tmp_path, COUNT_BY_TWO, EFFORT)
    assert result.verdict is Verdict.TRUE, result.reason
    assert result.statistics["refinements_by_path_invariants"] >= 1


def test_a_path_that_visits_no_location_twice_is_interpolated(tmp_path: Path):
    # its one spurious path leaves the loop at once: the interpolant x = 0 at the head
    result = _verify(tmp_path, ONCE_THROUGH_THE_HEAD, EFFORT)
    assert result.verdict is Verdict.TRUE, result.reason
    assert result.statistics.get("path_invariant_attempts", 0) == 0
    assert result.statistics["refinements"] >= 1


def _abstraction(location: str, block=None, writes: dict[str, int] | None = None):
    formula = None if block is None else PathFormula(block, SSAMap(writes or {}))
    return Abstraction(None, TRUE(), TRUE(), formula, location)


def _path(locations: list[str]) -> ErrorPath:
    """A path through ``locations`` (the root first, the target last): the block into
    a location ``head`` counts ``n`` up from 0 (from the root) or by one, the block into
    the target leaves the loop."""
    n, n1 = symbol("main::n#32", 0), symbol("main::n#32", 1)
    chain = [_abstraction(locations[0])]
    for previous, location in zip(locations[:-1], locations[1:], strict=True):
        if location == locations[-1]:
            block = Not(BVSLT(n, BV(10, 32)))
            chain.append(_abstraction(location, block))
        elif previous == locations[0]:
            chain.append(_abstraction(location, Equals(n1, BV(0, 32)), {"main::n#32": 1}))
        else:
            step = And(BVSLT(n, BV(10, 32)), Equals(n1, BVAdd(n, BV(1, 32))))
            chain.append(_abstraction(location, step, {"main::n#32": 1}))
    return ErrorPath(locations[-1], chain, list(locations), [], [])


def test_a_path_program_has_each_location_once_and_a_loop_where_the_path_comes_back():
    program = path_program(_path(["entry", "head", "head", "head", "error"]), lambda s: s)
    assert program is not None
    graph = program.graph
    assert graph.size == 3 and graph.errors == {2}
    assert program.node_of == [0, 1, 1, 1, 2]
    # the loop's two unrollings are one edge, head -> head
    assert sorted((edge.source, edge.target) for edge in graph.edges) == [(0, 1), (1, 1), (1, 2)]
    assert graph.node_variables == {symbol("main::n#32", 0)}
    labels = [TRUE(), Equals(symbol("main::n#32", 0), BV(3, 32)), FALSE()]
    refutation = program.refutation(_path(["entry", "head", "head", "head", "error"]), labels)
    assert refutation.labels == [TRUE(), labels[1], labels[1], labels[1], FALSE()]


def test_no_path_program_for_a_path_without_a_loop_or_back_at_the_root():
    assert path_program(_path(["entry", "head", "error"]), lambda s: s) is None
    assert path_program(_path(["entry", "head", "entry", "error"]), lambda s: s) is None
