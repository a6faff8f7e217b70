"""Cartesian/Boolean predicate abstraction, BDD regions and the solver session."""

from __future__ import annotations

import itertools

import pytest
from pysmt.shortcuts import (
    BV,
    BVSGE,
    BVSGT,
    BVSLE,
    BVSLT,
    BVUGT,
    FALSE,
    TRUE,
    And,
    BVAdd,
    BVMul,
    Equals,
    Iff,
    Not,
    Or,
    Symbol,
)
from pysmt.typing import BVType

from algorithms.cpa_algorithm import Deadline, TimeLimitExceeded
from cpa.statistics import Statistics
from cpa_predicate.abstraction import PredicateAbstractionManager, _split_independent
from cpa_predicate.regions import RegionManager
from cpa_predicate.solver import SolverSession

# Program values are 32-bit words, as the path formulas encode them; the values in these
# tests stay far from the ends of the range, so the formulas mean what they say.
INT = BVType(32)
X = Symbol("main::x#32", INT)
Y = Symbol("main::y#32", INT)
X1 = Symbol("main::x#32@1", INT)
Y1 = Symbol("main::y#32@1", INT)
Y2 = Symbol("main::y#32@2", INT)


def Int(value: int):  # noqa: N802 - reads like the formulas of the other tests
    return BV(value % (1 << 32), 32)


GE, GT, LE, LT, Plus = BVSGE, BVSGT, BVSLE, BVSLT, BVAdd


@pytest.fixture
def stats() -> Statistics:
    return Statistics()


@pytest.fixture
def solver(stats: Statistics) -> SolverSession:
    return SolverSession(statistics=stats)


@pytest.fixture
def regions() -> RegionManager:
    return RegionManager()


@pytest.fixture
def manager(
    solver: SolverSession, regions: RegionManager, stats: Statistics
) -> PredicateAbstractionManager:
    return PredicateAbstractionManager(solver, regions, stats)


def equivalent(solver: SolverSession, a, b) -> bool:
    return solver.is_unsat(Not(Iff(a, b)))


# -- abstraction --------------------------------------------------------------------


def test_disjunction_cartesian_true_boolean_exact(manager, regions):
    formula = Or(Equals(X1, Int(1)), Equals(X1, Int(-1)))
    preds = [(0, GT(X1, Int(0))), (1, LT(X1, Int(0)))]
    p0, p1 = regions.var(0), regions.var(1)
    assert manager.cartesian(formula, preds) == regions.true()
    assert manager.boolean(formula, preds) == (p0 & ~p1) | (~p0 & p1)


def test_point_formula_both_give_the_same_cube(manager, regions):
    formula = Equals(X1, Int(5))
    preds = [(0, GT(X1, Int(0))), (1, Equals(X1, Int(5))), (2, LT(X1, Int(0)))]
    expected = regions.cube([(0, True), (1, True), (2, False)])
    assert manager.cartesian(formula, preds) == expected
    assert manager.boolean(formula, preds) == expected


def test_unsat_formula_gives_false(manager, regions):
    formula = And(GT(X1, Int(0)), LT(X1, Int(0)))
    preds = [(0, GT(X1, Int(3)))]
    assert regions.is_false(manager.cartesian(formula, preds))
    assert regions.is_false(manager.boolean(formula, preds))
    assert regions.is_false(manager.boolean(formula, []))
    assert regions.is_false(manager.cartesian(formula, []))


def test_no_predicates_gives_true_for_sat_formula(manager, regions):
    assert regions.is_true(manager.boolean(GT(X1, Int(0)), []))
    assert regions.is_true(manager.cartesian(GT(X1, Int(0)), []))


def test_predicate_indices_not_positions_name_the_bdd_variables(manager, regions):
    formula = Equals(X1, Int(2))
    preds = [(7, GT(X1, Int(0))), (3, LT(X1, Int(0)))]
    expected = regions.var(7) & ~regions.var(3)
    assert manager.cartesian(formula, preds) == expected
    assert manager.boolean(formula, preds) == expected
    assert regions.support(expected) == {3, 7}


def test_boolean_keeps_correlations_that_cartesian_loses(manager, regions):
    # y@2 = y@1 + 1 with y@1 unconstrained: y@2 > 5 implies y@1 >= 0.
    formula = Equals(Y2, Plus(Y1, Int(1)))
    preds = [(0, GE(Y1, Int(0))), (1, GT(Y2, Int(5)))]
    p0, p1 = regions.var(0), regions.var(1)
    assert manager.cartesian(formula, preds) == regions.true()
    boolean = manager.boolean(formula, preds)
    assert boolean == (p0 | ~p1)
    assert regions.entails(manager.boolean(formula, preds), manager.cartesian(formula, preds))


def test_boolean_with_independent_predicate_groups(manager, regions, solver):
    # x@1 is constrained by the formula; y@1 is not, but its two predicates correlate.
    formula = Or(Equals(X1, Int(1)), Equals(X1, Int(-1)))
    preds = [
        (0, GT(X1, Int(0))),
        (1, GT(Y1, Int(0))),
        (2, GT(Y1, Int(5))),
        (3, LT(X1, Int(0))),
    ]
    p = [regions.var(i) for i in range(4)]
    expected = ((p[0] & ~p[3]) | (~p[0] & p[3])) & (~p[2] | p[1])
    assert manager.boolean(formula, preds) == expected


def test_split_follows_shared_symbols_transitively():
    z, u, v, w = (Symbol(f"main::{n}@1", INT) for n in "zuvw")
    formula = GT(X1, Int(0))
    linked = (1, Equals(X1, Y1))  # shares x@1 with the formula
    through = (2, GT(Y1, z))  # shares only y@1, with ``linked``
    constant = (3, GT(Int(1), Int(0)))
    group_a = ((4, GT(u, Int(0))), (5, LT(u, v)))
    group_b = ((6, GT(w, Int(2))),)
    predicates = (group_a[0], linked, group_b[0], through, constant, group_a[1])
    main, others = _split_independent(formula, predicates)
    assert main == (linked, through, constant)
    assert sorted(others) == sorted([group_a, group_b])


def test_boolean_is_the_exact_projection_on_a_path_formula(manager, regions, solver):
    """Compare with brute force: a predicate valuation is in the region iff feasible."""
    n = 6
    xs = [Symbol(f"main::x#32@{i}", INT) for i in range(n)]
    ys = [Symbol(f"main::y#32@{i}", INT) for i in range(n)]
    parts = [Equals(xs[0], Int(0)), Equals(ys[0], Int(0))]
    for i in range(1, n):
        step_x = And(Equals(xs[i], Plus(xs[i - 1], Int(1))), Equals(ys[i], ys[i - 1]))
        step_y = And(Equals(ys[i], Plus(ys[i - 1], xs[i - 1])), Equals(xs[i], xs[i - 1]))
        parts.append(Or(step_x, step_y))
    formula = And(parts)
    preds = [(0, LE(xs[-1], Int(2))), (1, GE(ys[-1], Int(3))), (2, Equals(ys[-1], Int(0)))]
    region = manager.boolean(formula, preds)
    for values in itertools.product([True, False], repeat=len(preds)):
        cube = regions.cube((index, v) for (index, _), v in zip(preds, values, strict=True))
        literals = [p if v else Not(p) for (_, p), v in zip(preds, values, strict=True)]
        feasible = solver.is_sat(And(formula, *literals))
        assert regions.is_false(region & cube) != feasible
    # Cartesian is the cube of the literals true in every feasible valuation.
    cartesian = manager.cartesian(formula, preds)
    assert regions.entails(region, cartesian)
    for index, pred in preds:
        for positive in (True, False):
            entailed = solver.entails(formula, pred if positive else Not(pred))
            assert regions.entails(cartesian, regions.literal(index, positive)) == entailed


def test_cache_returns_same_region_without_solver_queries(manager, solver, stats):
    formula = Or(Equals(X1, Int(1)), Equals(X1, Int(-1)))
    preds = [(0, GT(X1, Int(0))), (1, LT(X1, Int(0)))]
    first_c = manager.cartesian(formula, preds)
    first_b = manager.boolean(formula, preds)
    queries = solver.queries
    assert stats.get("solver_queries") == queries
    assert manager.cartesian(formula, list(preds)) is first_c
    assert manager.boolean(formula, tuple(preds)) is first_b
    assert solver.queries == queries
    assert stats.get("solver_queries") == queries
    assert stats.get("abstractions") == 2
    assert stats.get("abstraction_cache_hits") == 2
    assert stats.get("abstraction_time_s") > 0


def test_abstractions_leave_the_solver_stack_balanced(manager, solver):
    formula = Equals(X1, Int(5))
    manager.cartesian(formula, [(0, GT(X1, Int(0)))])
    manager.boolean(formula, [(0, GT(X1, Int(0)))])
    assert solver.depth == 0
    assert solver.is_sat(Equals(X1, Int(7)))  # formula not left asserted


# -- regions ------------------------------------------------------------------------


def test_region_entailment_and_identity(regions):
    p0, p1 = regions.var(0), regions.var(1)
    either = regions.disj(p0, p1)
    assert regions.entails(p0, either)
    assert not regions.entails(either, p0)
    assert regions.entails(regions.false(), p0)
    assert regions.entails(p0, regions.true())
    same = regions.neg(regions.conj(regions.neg(p1), regions.neg(p0)))
    assert same == either
    assert hash(same) == hash(either)
    assert len({same, either}) == 1
    assert regions.is_false(regions.conj(p0, regions.neg(p0)))
    assert regions.is_true(regions.disj(p0, regions.neg(p0)))
    assert regions.size(regions.true()) == 1


def test_to_formula_round_trip(regions, solver):
    preds = {0: GT(X, Int(0)), 1: LT(Y, Int(3)), 2: Equals(X, Y)}
    p0, p1, p2 = (regions.var(i) for i in range(3))
    cases = [
        (regions.true(), TRUE()),
        (regions.false(), FALSE()),
        (p0, preds[0]),
        (~p0, Not(preds[0])),
        ((p0 & ~p1) | (~p0 & p1), Or(And(preds[0], Not(preds[1])), And(Not(preds[0]), preds[1]))),
        (~(p0 & p1 & p2), Not(And(preds[0], preds[1], preds[2]))),
        (p0 | (p1 & ~p2), Or(preds[0], And(preds[1], Not(preds[2])))),
    ]
    for region, expected in cases:
        formula = regions.to_formula(region, preds.__getitem__)
        assert formula.get_free_variables() <= {X, Y}
        assert equivalent(solver, formula, expected), (region, formula)


def test_to_formula_shares_subformulas(regions):
    # The parity of n variables: BDD of size O(n), a tree expansion would be 2^n.
    n = 20
    parity = regions.false()
    for i in range(n):
        v = regions.var(i)
        parity = (parity & ~v) | (~parity & v)
    atoms = {i: Symbol(f"b{i}") for i in range(n)}
    formula = regions.to_formula(parity, atoms.__getitem__)
    assert len(formula.get_free_variables()) == n
    # DAG size is linear in the BDD size.
    seen = set()
    stack = [formula]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        stack.extend(node.args())
    assert len(seen) < 20 * regions.size(parity)


# -- solver session -----------------------------------------------------------------


def test_solver_session_queries_and_statistics(solver, stats):
    assert solver.is_sat(GT(X1, Int(0)))
    assert solver.is_unsat(And(GT(X1, Int(0)), LT(X1, Int(0))))
    assert solver.entails(GT(X1, Int(3)), GT(X1, Int(0)))
    assert not solver.entails(GT(X1, Int(0)), GT(X1, Int(3)))
    model = solver.model_of(And(Equals(X1, Int(4)), Equals(Y1, Plus(X1, Int(1)))))
    assert model == {X1: Int(4), Y1: Int(5)}
    assert solver.model_of(And(GT(X1, Int(0)), LT(X1, Int(0)))) is None
    assert stats.get("solver_queries") == 6
    assert stats.get("solver_time_s") > 0
    assert solver.depth == 0


def test_solver_incremental_scope_with_assumptions(solver):
    b = Symbol("flag")
    with solver.scope(Equals(X1, Int(2)), Iff(b, GT(X1, Int(5)))):
        assert solver.check()
        assert solver.truth_values([b, GT(X1, Int(1))]) == [False, True]
        assert not solver.check([b])
        assert solver.check([Not(b)])
    assert solver.depth == 0
    with pytest.raises(RuntimeError):
        solver.pop()


def test_incremental_session_is_exact_on_wrap_around_under_assumptions(solver):
    """Whatever engine Z3 runs the session with, assumptions over bit-vector terms are
    decided exactly: x + 1 < x holds only at INT_MAX."""
    b = Symbol("wraps")
    with solver.scope(Equals(X1, Plus(X, Int(1))), Iff(b, LT(X1, X))):
        assert solver.check([b])
        assert solver.values([X])[X] == Int((1 << 31) - 1)
        with solver.scope(Not(Equals(X, Int((1 << 31) - 1)))):
            assert not solver.check([b])
            assert solver.check([Not(b)])
    assert solver.depth == 0


def test_one_shot_satisfiability_agrees_with_the_incremental_session(stats):
    """``is_sat_once`` (a fresh bit-blasting solver) answers as ``is_sat`` does, on
    bit-vector formulas with wrap-around, and falls back where it is not for bit-vectors."""
    session = SolverSession(statistics=stats)
    wraps = Equals(Plus(X1, Int(1)), Int(-(1 << 31)))  # x + 1 wraps to INT_MIN: x = INT_MAX
    formulas = [
        GT(X1, Int(0)),
        And(GT(X1, Int(0)), LT(X1, Int(0))),
        wraps,
        And(wraps, LT(X1, Int(0))),
        Or(And(Equals(X1, Int(1)), Equals(Y1, Plus(X1, Int(1)))), Equals(Y1, Int(7))),
        FALSE(),
        TRUE(),
    ]
    for formula in formulas:
        assert session.is_sat_once(formula) == session.is_sat(formula), formula
    assert session.depth == 0
    expired = SolverSession(statistics=stats, deadline=Deadline(0.0))
    with pytest.raises(TimeLimitExceeded):
        expired.is_sat_once(GT(X1, Int(0)))
    integers = SolverSession(logic=None)
    assert integers.is_sat_once(GT(X1, Int(0)))
    assert not integers.is_sat_once(And(GT(X1, Int(0)), LT(X1, Int(0))))


def test_solver_without_statistics_or_deadline():
    session = SolverSession()
    assert session.is_sat(GT(X1, Int(0)))
    assert session.queries == 1


def test_a_solver_out_of_memory_is_the_runs_memory_limit():
    """Z3's "unknown" for want of memory (under ``cpa bench``'s address-space limit) ends
    the run as out of memory, not as a solver failure a caller may step over (forced
    covering steps over an undecided query)."""
    session = SolverSession()
    session._z3.set("max_memory", 1)  # megabytes: Z3 stops as at a limit
    x, y = (Symbol(f"memory::{name}", BVType(64)) for name in "xy")
    hard = And(
        Equals(BVMul(x, y), BV(0x123456789ABCDEF1, 64)),
        BVUGT(x, BV(1, 64)),
        BVUGT(y, BV(1, 64)),
    )
    with pytest.raises(MemoryError, match="max. memory exceeded"):
        session.is_sat(hard)
    assert session.depth == 0


def test_expired_deadline_raises_time_limit(stats):
    session = SolverSession(statistics=stats, deadline=Deadline(0.0))
    with pytest.raises(TimeLimitExceeded):
        session.is_sat(GT(X1, Int(0)))
    assert session.depth == 0
    manager = PredicateAbstractionManager(session, RegionManager(), stats)
    with pytest.raises(TimeLimitExceeded):
        manager.boolean(GT(X1, Int(0)), [(0, GT(X1, Int(3)))])
    with pytest.raises(TimeLimitExceeded):
        manager.cartesian(GT(X1, Int(0)), [(0, GT(X1, Int(3)))])
    assert session.depth == 0


def test_future_deadline_allows_queries():
    session = SolverSession(deadline=Deadline.after(3600))
    assert session.is_sat(GT(X1, Int(0)))
    assert session.entails(GT(X1, Int(3)), GT(X1, Int(0)))


def test_predicates_unrelated_to_the_formula(manager, regions):
    formula = Equals(X1, Int(1))
    preds = [
        (0, GT(X1, Int(0))),
        (1, GT(Y1, Int(0))),
        (2, Or(GT(Y1, Int(0)), LE(Y1, Int(0)))),  # valid
        (3, And(GT(Y1, Int(0)), LT(Y1, Int(0)))),  # unsatisfiable
    ]
    expected = regions.cube([(0, True), (2, True), (3, False)])
    assert manager.cartesian(formula, preds) == expected
    assert manager.boolean(formula, preds) == expected
    # Same unrelated predicates, another formula: still right (validity is cached).
    other = Equals(X1, Int(-1))
    assert manager.cartesian(other, preds) == regions.cube([(0, False), (2, True), (3, False)])
    unsat = And(GT(X1, Int(0)), LT(X1, Int(0)))
    assert regions.is_false(manager.cartesian(unsat, preds))
    assert regions.is_false(manager.boolean(unsat, preds))
