"""Invariants of a spurious path's path program as predicates
(``refiner.predicate.path_invariants``, :mod:`cpa_predicate.path_invariants`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pysmt.shortcuts import BV, BVSLT, And, BVAdd, Equals, Not, NotEquals, Symbol, is_unsat
from pysmt.typing import BVType

from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.results import Verdict
from cpa.verifier import analyze
from cpa_predicate.interpolation import (
    DagEdge,
    InterpolationError,
    Interpolator,
    TransitionGraph,
)
from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator
from cpa_predicate.ssa import rename_symbols

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
