"""DAG interpolation (UFO's refinement): one Horn system for a whole DAG of blocks.

Every label is checked by an independent solver (pysmt's Z3, not the interpolator's
context): the root's label is true, an error node's false, and for every edge the
Hoare triple ``{label(u)} edge {label(v)}`` holds; labels mention node variables only.
"""

from __future__ import annotations

import pytest
import z3
from pysmt.environment import get_env
from pysmt.shortcuts import (
    BV,
    BVUGT,
    FALSE,
    And,
    BVAdd,
    BVAnd,
    Equals,
    Not,
    NotEquals,
    Symbol,
    is_sat,
    is_unsat,
)
from pysmt.solvers.z3 import Z3Converter
from pysmt.typing import BVType

from cpa_predicate.arg_condition import arg_condition
from cpa_predicate.interpolation import DagEdge, InterpolationDag, create_interpolator
from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator
from cpa_predicate.ssa import rename_symbols

W = BVType(32)
x, y = Symbol("dag::x@0", W), Symbol("dag::y@0", W)
x1, y1 = Symbol("dag::x@1", W), Symbol("dag::y@1", W)


def _diamond(error_value: int) -> InterpolationDag:
    """x = 0 or x = 2; then y = x + 1 or y = x + 3 (one per branch, both into node 3);
    error when y == error_value (node 4), or when x != 0 after x = 0 (node 5)."""
    return InterpolationDag(
        size=6,
        edges=[
            DagEdge(0, 1, Equals(x1, BV(0, 32)), {x: x1}),
            DagEdge(0, 2, Equals(x1, BV(2, 32)), {x: x1}),
            DagEdge(1, 3, Equals(y1, BVAdd(x, BV(1, 32))), {y: y1}),
            DagEdge(2, 3, Equals(y1, BVAdd(x, BV(3, 32))), {y: y1}),
            DagEdge(3, 4, Equals(y, BV(error_value, 32))),
            DagEdge(1, 5, NotEquals(x, BV(0, 32))),
        ],
        errors=frozenset({4, 5}),
        node_variables=frozenset({x, y}),
    )


def _check_dag_interpolant(dag: InterpolationDag, labels) -> None:
    assert len(labels) == dag.size
    assert labels[0].is_true()
    for error in dag.errors:
        assert labels[error].is_false()
    for label in labels:
        assert label.get_free_variables() <= dag.node_variables
    for edge in dag.edges:
        after = rename_symbols(labels[edge.target], dict(edge.at_target))
        # {label(u)} edge {label(v)}: no state satisfying label(u) leaves the edge
        # outside label(v)
        assert is_unsat(And(labels[edge.source], edge.formula, Not(after))), edge


@pytest.mark.parametrize("core", ["conjuncts", "leaves", "auto", None])
@pytest.mark.parametrize("integer_reading", [False, True])
def test_labels_satisfy_every_hoare_triple(integer_reading, core):
    """With each unsat-core reduction of the ARG condition first, and without one."""
    dag = _diamond(error_value=4)
    options = {"core": core} if core else {"reduce_with_core": False}
    with Z3SpacerInterpolator(integer_reading=integer_reading, **options) as interpolator:
        labels = interpolator.dag_interpolants(dag)
    assert labels is not None
    _check_dag_interpolant(dag, labels)
    # the join node's label excludes y == 4 and is about y alone: x is not read below it
    assert labels[3].get_free_variables() <= {y}
    assert is_unsat(And(labels[3], Equals(y, BV(4, 32))))


@pytest.mark.parametrize("leaves_first", [False, True])
def test_second_core_reduction_of_a_dag_comes_from_the_first(leaves_first):
    """When Spacer runs out of budget on the reduction tried first, the other one is
    read off it (conjunct level) or searched within it (leaf level); the labels of
    either are DAG interpolants of the original DAG."""
    from cpa_predicate import interpolation_z3

    class FirstNeverFits(Z3SpacerInterpolator):
        def __init__(self):
            super().__init__(core="auto")
            self._leaves_first = leaves_first
            self.cores: list[tuple[bool, InterpolationDag]] = []
            self.reduced: dict[bool, InterpolationDag] = {}

        def _dag_core(self, dag, conv, deep, shrink=False):
            self.cores.append((deep, dag))
            return super()._dag_core(dag, conv, deep, shrink)

        def _reduce_dag(self, dag, conv, deep, earlier=None, shrink=False):
            reduced, kept = super()._reduce_dag(dag, conv, deep, earlier, shrink)
            self.reduced[deep] = reduced
            return reduced, kept

        def _dag_horn(self, dag, conv, budget, decided):
            if budget is not None and dag is self.reduced.get(leaves_first):
                raise interpolation_z3._OverBudget("test")
            return super()._dag_horn(dag, conv, budget, decided)

    dag = _diamond(error_value=4)
    with FirstNeverFits() as interpolator:
        labels = interpolator.dag_interpolants(dag)
    assert labels is not None
    _check_dag_interpolant(dag, labels)
    if leaves_first:
        assert [deep for deep, _ in interpolator.cores] == [True]
    else:
        assert [deep for deep, _ in interpolator.cores] == [False, True]
        assert interpolator.cores[1][1] is interpolator.reduced[False]


@pytest.mark.parametrize("integer_reading", [False, True])
def test_reachable_error_gives_none(integer_reading):
    # y == 5 is reached along 0 -> 2 -> 3 -> 4
    with create_interpolator("z3", integer_reading=integer_reading) as interpolator:
        assert interpolator.dag_interpolants(_diamond(error_value=5)) is None
        # and it says which error: node 4 (node 5, x != 0 after x = 0, is unreachable)
        assert interpolator.reachable_error == 4


def _arg_condition_solver(dag: InterpolationDag) -> z3.Solver:
    ctx = z3.Context()
    converter = Z3Converter(get_env(), ctx)
    symbols = [edge.formula.get_free_variables() for edge in dag.edges]
    scopes = [sorted(dag.node_variables, key=str)] * dag.size
    bodies = [converter.convert(edge.formula) for edge in dag.edges]
    solver = z3.Solver(ctx=ctx)
    solver.add(*arg_condition(dag, symbols, scopes, bodies, converter.convert, ctx).assertions)
    return solver


def test_arg_condition_is_satisfiable_exactly_when_an_error_is_reachable():
    assert _arg_condition_solver(_diamond(error_value=4)).check() == z3.unsat
    solver = _arg_condition_solver(_diamond(error_value=5))
    assert solver.check() == z3.sat
    # the model takes the one feasible way: x = 2 at node 2, y = x + 3 into the join
    model = solver.model()
    ctx = solver.ctx
    assert z3.is_true(model.eval(z3.Bool("arg!edge1", ctx)))
    assert not z3.is_true(model.eval(z3.Bool("arg!edge0", ctx)))
    assert model.eval(z3.BitVec("dag::y@0#n3", 32, ctx)).as_long() == 5
    # the join's copy of x is carried over from the branch taken (a frame equality)
    assert model.eval(z3.BitVec("dag::x@0#n3", 32, ctx)).as_long() == 2


def test_unrolled_loop_dag():
    """A loop unrolled three times (x counts up by one from 0, y keeps x's parity);
    every unrolling may exit to the error check 'x odd and y even', never true."""
    one = BV(1, 32)
    edges, node = (
        [DagEdge(0, 1, And(Equals(x1, BV(0, 32)), Equals(y1, BV(0, 32))), {x: x1, y: y1})],
        1,
    )
    heads = [1]
    for _ in range(3):
        body = And(Equals(x1, BVAdd(x, one)), Equals(y1, BVAdd(y, one)))
        edges.append(DagEdge(node, node + 1, body, {x: x1, y: y1}))
        node += 1
        heads.append(node)
    errors = []
    for head in heads:
        node += 1
        odd_x = Equals(BVAnd(x, one), one)
        even_y = Equals(BVAnd(y, one), BV(0, 32))
        edges.append(DagEdge(head, node, And(odd_x, even_y, BVUGT(x, BV(0, 32)))))
        errors.append(node)
    dag = InterpolationDag(node + 1, edges, frozenset(errors), frozenset({x, y}))
    with create_interpolator("z3") as interpolator:
        labels = interpolator.dag_interpolants(dag)
    assert labels is not None
    _check_dag_interpolant(dag, labels)
    assert all(is_sat(labels[head]) for head in heads)


def test_dag_must_be_numbered_topologically():
    with pytest.raises(ValueError, match="topological"):
        InterpolationDag(2, [DagEdge(1, 0, FALSE())], frozenset(), frozenset())
