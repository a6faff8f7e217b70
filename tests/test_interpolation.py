"""Tests for Craig sequence interpolation (Z3/Spacer and, when installed, MathSAT).

Every interpolant is checked with independent solver calls (pysmt's own Z3 solver, not the
interpolator's context): A_1 |= I_1, I_k & A_{k+1} |= I_{k+1}, I_{n-1} & A_n unsat, and
the symbol restriction.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator, Sequence

import pytest
import z3
from pysmt.fnode import FNode
from pysmt.shortcuts import (
    BV,
    FALSE,
    GE,
    GT,
    LE,
    LT,
    TRUE,
    And,
    Bool,
    BVAdd,
    BVMul,
    BVSRem,
    Equals,
    Function,
    Iff,
    Implies,
    Int,
    Ite,
    Minus,
    Not,
    NotEquals,
    Or,
    Plus,
    Real,
    Symbol,
    Times,
    get_env,
    is_sat,
    is_valid,
)
from pysmt.typing import BOOL, INT, REAL, BVType, FunctionType

from cpa.cfa.targets import Specification
from cpa.results import Verdict
from cpa.verifier import verify
from cpa_predicate.interpolation import (
    InterpolationError,
    InterpolationOverCap,
    InterpolationTimeout,
    Interpolator,
    available_interpolators,
    create_interpolator,
    msat_available,
)
from cpa_predicate.interpolation_z3 import (
    _HORN_PARAMS,
    Z3SpacerInterpolator,
    _OverBudget,
    _quiet_stderr,
    _weaken,
)


def iv(name: str) -> FNode:
    return Symbol(name, INT)


def bv(name: str) -> FNode:
    # pysmt's symbol table is process-wide: keep Boolean names apart from the
    # integer program variables other tests create
    return Symbol(f"bool!{name}", BOOL)


def check_sequence(formulas: Sequence[FNode], itps: list[FNode] | None) -> None:
    """Assert that ``itps`` is a sequence interpolant of ``formulas`` (independent checks)."""
    assert itps is not None, "expected interpolants for an unsat sequence"
    n = len(formulas)
    assert len(itps) == n - 1
    qfo = get_env().qfo
    prev = TRUE()
    for k in range(n - 1):
        itp = itps[k]
        assert itp.get_type() == BOOL
        assert qfo.is_qf(itp), f"I_{k + 1} has a quantifier: {itp}"
        assert is_valid(Implies(And(prev, formulas[k]), itp), solver_name="z3"), (
            f"I_{k} & A_{k + 1} does not entail I_{k + 1} = {itp}"
        )
        prefix = set().union(*(f.get_free_variables() for f in formulas[: k + 1]))
        suffix = set().union(*(f.get_free_variables() for f in formulas[k + 1 :]))
        extra = itp.get_free_variables() - (prefix & suffix)
        assert not extra, f"I_{k + 1} mentions non-shared symbols {extra}"
        prev = itp
    assert not is_sat(And(prev, formulas[-1]), solver_name="z3"), "I_{n-1} & A_n is sat"


def _make(name: str) -> Interpolator:
    if name == "z3":
        return create_interpolator("z3", timeout_ms=60_000)
    if name == "z3-nocore":
        return Z3SpacerInterpolator(timeout_ms=60_000, reduce_with_core=False)
    if name == "z3-leafcore":
        return create_interpolator("z3", timeout_ms=60_000, core="leaves")
    if name == "z3-auto-fallback":
        # a budget of one resource unit: every Spacer call runs out at least once
        return Z3SpacerInterpolator(timeout_ms=60_000, core="auto", conjuncts_budget=1)
    if name == "z3-shrunk-core":
        return Z3SpacerInterpolator(timeout_ms=60_000, core="leaves", core_shrink=3)
    return create_interpolator("msat")


BACKENDS = [
    "z3",
    "z3-nocore",
    "z3-leafcore",
    "z3-auto-fallback",
    "z3-shrunk-core",
    pytest.param(
        "msat", marks=pytest.mark.skipif(not msat_available(), reason="MathSAT not installed")
    ),
]


@pytest.fixture(params=BACKENDS)
def itp(request: pytest.FixtureRequest) -> Iterator[Interpolator]:
    interpolator = _make(request.param)
    yield interpolator
    interpolator.close()


X1, X2, X3 = iv("main::x@1"), iv("main::x@2"), iv("main::x@3")
Y1, Y2 = iv("main::y@1"), iv("main::y@2")


def test_two_formulas(itp: Interpolator) -> None:
    fs = [And(Equals(X1, Int(0)), Equals(Y1, Int(3))), GT(X1, Y1)]
    check_sequence(fs, itp.sequence_interpolants(fs))


def test_three_formulas(itp: Interpolator) -> None:
    fs = [
        Equals(X1, Int(0)),
        Equals(X2, Plus(X1, Int(1))),
        And(Equals(Y1, X2), LT(Y1, Int(0))),
    ]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    # the cut symbols are exactly the SSA symbols with '::' and '@' in their names
    assert res[0].get_free_variables() <= {X1}
    assert res[1].get_free_variables() <= {X2}


def test_five_formulas(itp: Interpolator) -> None:
    fs = [
        And(Equals(X1, Int(0)), Equals(Y1, Int(0))),
        Equals(X2, Plus(X1, Int(2))),
        Equals(Y2, Plus(Y1, X2)),
        Equals(X3, Minus(X2, Y2)),
        NotEquals(X3, Int(0)),
    ]
    check_sequence(fs, itp.sequence_interpolants(fs))


def test_satisfiable_returns_none(itp: Interpolator) -> None:
    fs = [
        Equals(X1, Int(0)),
        Equals(X2, Plus(X1, Int(1))),
        And(Equals(Y1, X2), GT(Y1, Int(0))),
    ]
    assert itp.sequence_interpolants(fs) is None
    assert itp.sequence_interpolants([TRUE(), TRUE()]) is None


def test_symbol_names_round_trip(itp: Interpolator) -> None:
    a = iv("f::a.b@12")
    b = iv("g::tmp::__retval__@7")
    fs = [Equals(a, Int(5)), Equals(b, Plus(a, Int(1))), LT(b, Int(0))]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    # the interpolants use the very same pysmt symbols, not re-named copies
    assert res[0].get_free_variables() == {a}
    assert res[1].get_free_variables() == {b}


def test_boolean_symbols(itp: Interpolator) -> None:
    p, q = bv("main::p@1"), bv("main::q@1")
    fs = [And(p, Equals(X1, Int(5))), Implies(p, Equals(Y1, X1)), And(q, Iff(q, LT(Y1, Int(0))))]
    check_sequence(fs, itp.sequence_interpolants(fs))
    fs = [p, Implies(p, q), Not(q)]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    assert is_valid(Iff(res[0], p), solver_name="z3")
    assert is_valid(Iff(res[1], q), solver_name="z3")


def test_middle_formula_false(itp: Interpolator) -> None:
    fs = [Equals(X1, Int(0)), FALSE(), Equals(X2, Plus(X1, Int(1))), GT(X2, Int(0))]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    # after the false block, nothing is reachable
    assert not is_sat(res[1], solver_name="z3")
    assert not is_sat(res[2], solver_name="z3")


def test_disjunctive_interpolant(itp: Interpolator) -> None:
    fs = [
        Or(Equals(X1, Int(1)), Equals(X1, Int(-1))),
        And(NotEquals(X1, Int(1)), NotEquals(X1, Int(-1))),
    ]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    # the only interpolant is (equivalent to) the disjunction itself
    assert is_valid(Iff(res[0], fs[0]), solver_name="z3")


def test_loop_unrolling_needs_inequalities(itp: Interpolator) -> None:
    # i = 0; n = 10; while (i < n) i++; assert(i <= n)  -- a path around the loop 4 times
    # that then violates the assertion.
    n = iv("main::n@1")
    i = [iv(f"main::i@{k}") for k in range(6)]
    fs = [And(Equals(i[0], Int(0)), Equals(n, Int(10)))]
    for k in range(1, 5):
        fs.append(And(LT(i[k - 1], n), Equals(i[k], Plus(i[k - 1], Int(1)))))
    fs.append(GT(i[4], n))
    check_sequence(fs, itp.sequence_interpolants(fs))


def test_unbounded_loop_counter(itp: Interpolator) -> None:
    # s = 0; i = 0; while (i < n) { i++; s += i; } assert(s >= 0) -- unrolled 6 times
    n = iv("main::n@0")

    def v(name: str, k: int) -> FNode:
        return iv(f"main::{name}@{k}")

    fs = [And(Equals(v("i", 0), Int(0)), Equals(v("s", 0), Int(0)))]
    for k in range(1, 7):
        fs.append(
            And(
                LT(v("i", k - 1), n),
                Equals(v("i", k), Plus(v("i", k - 1), Int(1))),
                Equals(v("s", k), Plus(v("s", k - 1), v("i", k))),
                Equals(v("t", k), Times(Int(2), v("s", k))),  # irrelevant
            )
        )
    fs.append(LT(v("s", 6), Int(0)))
    check_sequence(fs, itp.sequence_interpolants(fs))


def test_symbol_passing_through_unrelated_block(itp: Interpolator) -> None:
    fs = [Equals(X1, Int(3)), Equals(Y1, Int(4)), And(GT(X1, Y1))]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    assert X1 in res[1].get_free_variables()


def test_no_common_symbols(itp: Interpolator) -> None:
    # prefix unsat on its own: the interpolant over no symbols must be false
    fs = [And(Equals(X1, Int(0)), Equals(X1, Int(1))), Equals(Y1, Int(2))]
    res = itp.sequence_interpolants(fs)
    check_sequence(fs, res)
    assert res[0].get_free_variables() == set()
    assert not is_sat(res[0], solver_name="z3")
    # suffix unsat on its own: true is the natural interpolant, anything sound is accepted
    fs = [Equals(X1, Int(0)), And(GE(Y1, Int(2)), LE(Y1, Int(1)))]
    check_sequence(fs, itp.sequence_interpolants(fs))


def test_degenerate_lengths(itp: Interpolator) -> None:
    assert itp.sequence_interpolants([]) is None
    assert itp.sequence_interpolants([Equals(X1, Int(0))]) is None
    assert itp.sequence_interpolants([And(GT(X1, Int(0)), LT(X1, Int(0)))]) == []


def test_real_arithmetic(itp: Interpolator) -> None:
    r1, r2 = Symbol("real!r@1", REAL), Symbol("real!r@2", REAL)
    fs = [Equals(r1, Real(0.5)), Equals(r2, Times(Real(2), r1)), GT(r2, Real(1))]
    check_sequence(fs, itp.sequence_interpolants(fs))


def test_core_inside_disjunctions_drops_irrelevant_disjunct_parts() -> None:
    """Two joined paths whose assignments to y do not matter: the core that reaches into
    the disjuncts refutes with x alone, so the interpolant does not mention y."""
    joined = Or(
        And(Equals(X1, Int(1)), Equals(Y1, Int(5))),
        And(Equals(X1, Int(2)), Equals(Y1, Int(7))),
    )
    check = And(GT(X1, Int(3)), GT(Y1, Int(0)))
    formulas = [joined, check]
    deep = create_interpolator("z3", timeout_ms=60_000, core="leaves")
    (interpolant,) = deep.sequence_interpolants(formulas)
    check_sequence(formulas, [interpolant])
    assert Y1 not in interpolant.get_free_variables()
    # the conjunct-level core keeps each disjunct whole
    assert create_interpolator("z3", timeout_ms=60_000).sequence_interpolants(formulas)


def joined_paths_then_check() -> list[FNode]:
    """Two joined paths (x = 1 or 2), then x > 3: unsat; y does not matter."""
    return [
        Or(
            And(Equals(X1, Int(1)), Equals(Y1, Int(5))), And(Equals(X1, Int(2)), Equals(Y1, Int(7)))
        ),
        And(GT(X1, Int(3)), GT(Y1, Int(0))),
    ]


def test_auto_core_moves_on_only_when_spacer_runs_out_of_budget() -> None:
    formulas = joined_paths_then_check()
    roomy = Z3SpacerInterpolator(timeout_ms=60_000, core="auto")
    check_sequence(formulas, roomy.sequence_interpolants(formulas))
    assert roomy.fallbacks == 0 and roomy.over_budget_s == 0
    # one resource unit is too little for either reduction: the budgets grow until
    # one of them succeeds, and the time of the attempts thrown away is counted
    starved = Z3SpacerInterpolator(timeout_ms=60_000, core="auto", conjuncts_budget=1)
    check_sequence(formulas, starved.sequence_interpolants(formulas))
    assert starved.fallbacks >= 2 and starved.over_budget_s > 0


class ConjunctsNeverFit(Z3SpacerInterpolator):
    """Spacer 'runs out of budget' on every budgeted conjunct-level reduction."""

    def _reduce(self, formulas, conv, deep, earlier=None, shrink=False):
        reduction, kept = super()._reduce(formulas, conv, deep, earlier, shrink)
        if reduction is not None and not deep:
            self.conjunct_level = reduction
        return reduction, kept

    def _solve(self, reduction, conv, budget=None):
        if budget is not None and reduction is getattr(self, "conjunct_level", None):
            raise _OverBudget("test")
        return super()._solve(reduction, conv, budget)


def test_auto_core_shrinks_a_leaf_level_core_only_once_spacer_ran_out_of_budget_on_it(
    monkeypatch,
) -> None:
    shrunk: list[int] = []
    shrink = Z3SpacerInterpolator._shrink

    def recording(self, solver, core):
        shrunk.append(len(core))
        return shrink(self, solver, core)

    monkeypatch.setattr(Z3SpacerInterpolator, "_shrink", recording)
    formulas = joined_paths_then_check()
    # the leaf level is reached, and Spacer solves it at the first budget: its core
    # stays as Z3 gave it
    roomy = ConjunctsNeverFit(timeout_ms=60_000, core="auto", core_shrink=1)
    check_sequence(formulas, roomy.sequence_interpolants(formulas))
    assert roomy.fallbacks == 1 and shrunk == []
    # every first attempt runs out: the leaf-level core is shrunk once for the problem
    starved = Z3SpacerInterpolator(
        timeout_ms=60_000, core="auto", core_shrink=1, conjuncts_budget=1
    )
    check_sequence(formulas, starved.sequence_interpolants(formulas))
    assert starved.fallbacks >= 2 and len(shrunk) == 1
    # without budgets, a leaf-level core is shrunk at once
    shrunk.clear()
    leaves = Z3SpacerInterpolator(timeout_ms=60_000, core="leaves", core_shrink=1)
    check_sequence(formulas, leaves.sequence_interpolants(formulas))
    assert len(shrunk) == 1


def test_statistics_name_what_the_back_end_counted() -> None:
    formulas = joined_paths_then_check()
    starved = Z3SpacerInterpolator(timeout_ms=60_000, core="auto", conjuncts_budget=1)
    assert starved.statistics() == {}  # nothing counted yet
    check_sequence(formulas, starved.sequence_interpolants(formulas))
    figures = starved.statistics()
    assert figures["interpolation_core_fallbacks"] == starved.fallbacks >= 2
    assert figures["interpolation_probe_time_s"] == round(starved.probe_s, 3)
    assert "interpolation_feasible_by_probe" not in figures  # the path is infeasible
    assert sum(v for k, v in figures.items() if k.startswith("interpolation_problems_")) == 1


def test_auto_core_tries_the_reduction_that_succeeded_last_first() -> None:
    formulas = joined_paths_then_check()
    interpolator = ConjunctsNeverFit(timeout_ms=60_000, core="auto")
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert interpolator.fallbacks == 1  # conjuncts first, then the leaves succeeded
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert interpolator.fallbacks == 1  # the leaves went first this time


class FirstRoundNeverFits(Z3SpacerInterpolator):
    """Every attempt of the first round 'runs out of budget' before Spacer runs."""

    def _refute(self, steps, shape, conv, budget):
        if budget == self.conjuncts_budget:
            raise _OverBudget("test")
        return super()._refute(steps, shape, conv, budget)


def test_auto_core_starts_later_calls_at_the_budget_an_earlier_one_needed() -> None:
    formulas = joined_paths_then_check()
    interpolator = FirstRoundNeverFits(timeout_ms=60_000, core="auto")
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert interpolator.fallbacks == 2  # both reductions ran out in the first round
    # the next calls start at the budget that was needed, not one round below it,
    # even after a call that succeeded at once
    for _ in range(2):
        check_sequence(formulas, interpolator.sequence_interpolants(formulas))
        assert interpolator.fallbacks == 2


def test_auto_core_each_budget_round_gives_spacer_another_seed(monkeypatch) -> None:
    from cpa_predicate import interpolation_z3

    seeds: list[object] = []
    solver_for = z3.SolverFor

    class RecordingHorn:
        """A Horn solver that notes the random seed it is given."""

        def __init__(self, solver: z3.Solver) -> None:
            self._solver = solver
            seeds.append(0)

        def set(self, *args, **keys):
            if args and args[0] == "spacer.random_seed":
                seeds[-1] = args[1]
            return self._solver.set(*args, **keys)

        def __getattr__(self, name):
            return getattr(self._solver, name)

    def recording_solver_for(logic, *args, **keys):
        solver = solver_for(logic, *args, **keys)
        return RecordingHorn(solver) if logic == "HORN" else solver

    monkeypatch.setattr(interpolation_z3.z3, "SolverFor", recording_solver_for)

    formulas = joined_paths_then_check()
    roomy = Z3SpacerInterpolator(timeout_ms=60_000, core="auto")
    check_sequence(formulas, roomy.sequence_interpolants(formulas))
    assert seeds == [0]  # the first round: Z3's own seed
    seeds.clear()
    interpolator = FirstRoundNeverFits(timeout_ms=60_000, core="auto")
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert interpolator.fallbacks == 2  # both reductions in the first round
    assert seeds == [1]  # the second round's attempt had a seed of its own


def _guarded_facts() -> tuple[z3.Solver, list[z3.BoolRef]]:
    """A solver holding eight guarded facts over x and y (a guard per fact), and the
    guards: all of them together are unsatisfiable in several ways."""
    ctx = z3.Context()
    x, y = z3.Int("x", ctx), z3.Int("y", ctx)
    facts = [x == 1, y > x, x >= 0, y < 0, x + y > 5, y == 3, x == 2, y <= 10]
    guards = [z3.Bool(f"guard{k}", ctx) for k in range(len(facts))]
    solver = z3.SolverFor("QF_LIA", ctx=ctx)
    solver.add(*[z3.Implies(guard, fact) for guard, fact in zip(guards, facts, strict=True)])
    return solver, guards


def test_shrunk_core_is_an_unsat_subset_and_minimal_when_the_rounds_reach_single_literals():
    solver, guards = _guarded_facts()
    assert solver.check(*guards) == z3.unsat
    # every guard is a core, but not a minimal one
    interpolator = Z3SpacerInterpolator(core_shrink=3)
    shrunk = interpolator._shrink(solver, guards)
    assert set(shrunk) < set(guards)
    assert solver.check(*shrunk) == z3.unsat
    # three rounds split eight literals down to single ones: none of them can go
    for dropped in shrunk:
        assert solver.check(*[g for g in shrunk if not g.eq(dropped)]) == z3.sat
    assert interpolator.shrunk_literals == len(guards) - len(shrunk)
    assert "interpolation_core_shrink_time_s" in interpolator.statistics()
    # no rounds: the core as Z3 gave it
    assert Z3SpacerInterpolator(core_shrink=0)._shrink(solver, guards) == guards


def test_a_shrinking_check_that_runs_out_of_budget_keeps_the_part_it_tried_to_drop(
    monkeypatch,
) -> None:
    from cpa_predicate import interpolation_z3

    solver, guards = _guarded_facts()
    # no check fits into the budget: nothing may be dropped on an undecided check
    monkeypatch.setattr(interpolation_z3, "_SHRINK_UNITS", 1)
    shrunk = Z3SpacerInterpolator(core_shrink=3)._shrink(solver, guards)
    assert shrunk == guards


def test_enclosing_conjuncts_are_those_holding_a_kept_leaf() -> None:
    from cpa_predicate.interpolation_z3 import _enclosing_conjuncts

    a, b, c, d, e = (Symbol(name, BOOL) for name in "abcde")
    joined = Or(b, And(c, d))
    formulas = [And(a, joined), e]
    assert _enclosing_conjuncts(formulas, {c}) == {joined}
    assert _enclosing_conjuncts(formulas, {a}) == {a}
    assert _enclosing_conjuncts(formulas, {a, d, e}) == {a, joined, e}
    assert _enclosing_conjuncts(formulas, set()) == set()


class FirstReductionNeverFits(Z3SpacerInterpolator):
    """Spacer 'runs out of budget' on every budgeted attempt at the reduction tried
    first (``leaves_first``); records the problems the core queries were asked."""

    def __init__(self, leaves_first: bool) -> None:
        super().__init__(timeout_ms=60_000, core="auto")
        self._leaves_first = self.first = leaves_first
        self.cores: list[tuple[bool, list[FNode]]] = []
        self.reductions: dict[bool, object] = {}

    def _unsat_core(self, formulas, conv, deep, shrink=False):
        self.cores.append((deep, list(formulas)))
        return super()._unsat_core(formulas, conv, deep, shrink)

    def _reduce(self, formulas, conv, deep, earlier=None, shrink=False):
        reduction, kept = super()._reduce(formulas, conv, deep, earlier, shrink)
        self.reductions[deep] = reduction
        return reduction, kept

    def _solve(self, reduction, conv, budget=None):
        from cpa_predicate import interpolation_z3

        if budget is not None and reduction is self.reductions.get(self.first):
            raise interpolation_z3._OverBudget("test")
        return super()._solve(reduction, conv, budget)


def test_conjunct_level_core_is_read_off_the_leaf_level_one() -> None:
    formulas = joined_paths_then_check()
    interpolator = FirstReductionNeverFits(leaves_first=True)
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    # one core query, at the leaf level; the conjunct level needed none of its own
    assert [deep for deep, _ in interpolator.cores] == [True]
    assert interpolator.fallbacks >= 1 and False in interpolator.reductions


def test_leaf_level_core_searches_only_the_kept_conjuncts() -> None:
    formulas = joined_paths_then_check()
    interpolator = FirstReductionNeverFits(leaves_first=False)
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert [deep for deep, _ in interpolator.cores] == [False, True]
    # the second query is about the conjunct-level reduction, not the whole path
    _, _, weakened = interpolator.reductions[False]
    assert interpolator.cores[1][1] == weakened
    assert interpolator.cores[1][1] != formulas  # y > 0 is no part of the core


def test_long_path() -> None:
    # a CEGAR-sized path: 60 blocks, one relevant chain and irrelevant noise
    interp = create_interpolator("z3")
    fs = [Equals(iv("main::c@0"), Int(0))]
    for k in range(1, 60):
        fs.append(
            And(
                Equals(iv(f"main::c@{k}"), Plus(iv(f"main::c@{k - 1}"), Int(1))),
                Equals(iv(f"main::noise@{k}"), Times(Int(3), iv(f"main::c@{k}"))),
            )
        )
    fs.append(LT(iv("main::c@59"), Int(0)))
    check_sequence(fs, interp.sequence_interpolants(fs))


def test_deterministic() -> None:
    fs = [
        And(Equals(X1, Int(0)), Equals(Y1, Int(0))),
        Equals(X2, Plus(X1, Int(2))),
        Equals(Y2, Plus(Y1, X2)),
        LT(Y2, Int(0)),
    ]
    first = create_interpolator("z3").sequence_interpolants(fs)
    second = create_interpolator("z3").sequence_interpolants(fs)
    assert [str(f) for f in first] == [str(f) for f in second]


def test_uninterpreted_function_rejected() -> None:
    f = Symbol("f", FunctionType(INT, [INT]))
    fs = [Equals(Function(f, [X1]), Int(0)), Equals(Function(f, [X1]), Int(1))]
    with pytest.raises(InterpolationError):
        create_interpolator("z3").sequence_interpolants(fs)


def test_quantifier_elimination_of_answers() -> None:
    interp = Z3SpacerInterpolator()
    ctx = interp._ctx
    x, y = z3.Int("main::x@1", ctx), z3.Int("main::y@1", ctx)
    expr = z3.Exists([y], z3.And(y > 2, x == y + 1))
    qf = interp._eliminate_quantifiers(expr)
    assert not z3.is_quantifier(qf)
    s = z3.Solver(ctx=ctx)
    s.add(qf != expr)
    assert s.check() == z3.unsat


def test_factory() -> None:
    z = create_interpolator()
    assert z.name == "z3"
    assert isinstance(z, Interpolator)
    assert "z3" in available_interpolators()
    with pytest.raises(ValueError):
        create_interpolator("no-such-solver")


@pytest.mark.skipif(msat_available(), reason="MathSAT is installed")
def test_msat_missing_is_a_clear_error() -> None:
    assert "msat" not in available_interpolators()
    with pytest.raises(InterpolationError, match="MathSAT is not installed"):
        create_interpolator("msat")


@pytest.mark.skipif(not msat_available(), reason="MathSAT not installed")
def test_msat_factory() -> None:
    m = create_interpolator("msat")
    assert m.name == "msat"
    fs = [Equals(X1, Int(0)), GT(X1, Int(0))]
    check_sequence(fs, m.sequence_interpolants(fs))


def test_boolean_constants_inside_formulas() -> None:
    fs = [And(Bool(True), Equals(X1, Int(1))), Equals(X1, Int(2))]
    check_sequence(fs, create_interpolator().sequence_interpolants(fs))


def test_parity_interpolant_is_a_clear_error() -> None:
    # the only interpolant needs divisibility (x even), which QF-LIA without mod cannot
    # express and pysmt cannot represent: a clear error, never a wrong answer
    def v(name: str) -> FNode:
        return iv(f"main::{name}")

    fs = [Equals(v("x@0"), Times(Int(2), v("y@0")))]
    for k in range(1, 4):
        fs.append(Equals(v(f"x@{k}"), Plus(v(f"x@{k - 1}"), Int(2))))
    fs.append(Equals(v("x@3"), Plus(Times(Int(2), v("z@0")), Int(1))))
    with pytest.raises(InterpolationError) as caught:
        create_interpolator("z3").sequence_interpolants(fs)
    # what could be represented comes along, one formula per cut point over its symbols
    partial = caught.value.partial
    assert partial is not None and len(partial) == len(fs) - 1
    for k, formula in enumerate(partial):
        prefix = set().union(*(f.get_free_variables() for f in fs[: k + 1]))
        suffix = set().union(*(f.get_free_variables() for f in fs[k + 1 :]))
        assert formula.get_free_variables() <= prefix & suffix


def _random_atom(rng: random.Random, syms: list[FNode]) -> FNode:
    a, b = rng.sample(syms, 2)
    c = Int(rng.randint(-3, 3))
    kind = rng.randrange(4)
    if kind == 0:
        return Equals(a, Plus(b, c))
    if kind == 1:
        return LE(a, Plus(b, c))
    if kind == 2:
        return GT(Plus(a, b), c)
    return Or(LT(a, c), Equals(b, c))


@pytest.mark.parametrize("seed", range(40))
def test_random_sequences_are_sound(itp: Interpolator, seed: int) -> None:
    # random chains over shared SSA-like symbols: whatever the answer, it must be right
    rng = random.Random(seed)
    syms = [iv(f"main::v{k}@{j}") for k in range(2) for j in range(2)]
    n = rng.randint(2, 5)
    fs = [And(*[_random_atom(rng, syms) for _ in range(rng.randint(1, 4))]) for _ in range(n)]
    res = itp.sequence_interpolants(fs)
    if is_sat(And(fs), solver_name="z3"):
        assert res is None
    else:
        check_sequence(fs, res)


def _joined_diamonds(n: int) -> list[FNode]:
    """Blocks ``if (x == i) x = x + 1;`` joined per block, over 32-bit words."""
    from pysmt.shortcuts import BV, BVAdd

    x = [Symbol(f"main::dx@{i}", BVType(32)) for i in range(n + 1)]
    blocks = []
    for i in range(n):
        taken = And(Equals(x[i], BV(i, 32)), Equals(x[i + 1], BVAdd(x[i], BV(1, 32))))
        skipped = And(NotEquals(x[i], BV(i, 32)), Equals(x[i + 1], x[i]))
        blocks.append(Or(taken, skipped))
    return blocks


def _counting_readings(monkeypatch) -> list:
    """The terms the integer reading reads from now on (for the unsat-core tests)."""
    from cpa_predicate.integer_reading import IntegerReading

    read = []
    original = IntegerReading.parts

    def counted(self, term):
        read.append(term)
        return original(self, term)

    monkeypatch.setattr(IntegerReading, "parts", counted)
    return read


def _infeasible_diamonds(n: int) -> list[FNode]:
    """``_joined_diamonds(n)`` that end at 7 from 0: infeasible for n < 7."""
    from pysmt.shortcuts import BV

    blocks = _joined_diamonds(n)
    last = Symbol(f"main::dx@{n}", BVType(32))
    return [*blocks, Equals(last, BV(7, 32)), Equals(Symbol("main::dx@0", BVType(32)), BV(0, 32))]


def test_reading_a_long_path_stops_at_the_deadline(monkeypatch) -> None:
    """Building the integer reading of a long path for its unsat core is seconds of
    Python (a 56-block ssh path: 5 s past a verifier's time limit); it stops at the
    deadline instead of reading every leaf first."""
    import time

    from cpa_predicate import interpolation_z3
    from cpa_predicate.integer_reading import IntegerReading
    from cpa_predicate.interpolation_z3 import BitVectorConverter

    # bit-vectors run out of their budget at once, and the reading is next
    monkeypatch.setattr(interpolation_z3, "_BIT_VECTOR_CORE_UNITS", 1)
    interp = Z3SpacerInterpolator(integer_reading=True)
    blocks = _joined_diamonds(50)
    conv = BitVectorConverter(interp.env, interp._ctx)
    read = []
    original = IntegerReading.parts

    def out_of_time_at_the_first_leaf(self, term):
        read.append(term)
        interp._deadline = time.monotonic() - 1.0  # the call's time ends meanwhile
        return original(self, term)

    monkeypatch.setattr(IntegerReading, "parts", out_of_time_at_the_first_leaf)
    with pytest.raises(InterpolationError, match="timeout"):
        interp._unsat_core(blocks, conv, deep=True)
    assert len(read) == 1
    monkeypatch.setattr(IntegerReading, "parts", original)
    read = _counting_readings(monkeypatch)
    interp._deadline = None  # with time left, every leaf is read
    assert interp._unsat_core(blocks, conv, deep=True) is None  # the path is feasible
    assert len(read) >= 100


def test_unsat_core_reads_integers_only_after_bit_vectors_ran_out(monkeypatch) -> None:
    """Bit-vectors try a path's unsat core first, within a budget of Z3's resource
    units (those measure bit-blasting well, linear arithmetic unevenly); only a query
    that runs out of it is read as integers, and both find a core."""
    from cpa_predicate import interpolation_z3
    from cpa_predicate.interpolation_z3 import BitVectorConverter

    blocks = _infeasible_diamonds(5)
    read = _counting_readings(monkeypatch)
    interp = Z3SpacerInterpolator(integer_reading=True)
    conv = BitVectorConverter(interp.env, interp._ctx)
    by_bit_vectors = interp._unsat_core(blocks, conv, deep=True)
    assert by_bit_vectors and read == []
    monkeypatch.setattr(interpolation_z3, "_BIT_VECTOR_CORE_UNITS", 1)
    by_reading = interp._unsat_core(blocks, conv, deep=True)
    assert by_reading and read != []
    for core in (by_bit_vectors, by_reading):  # the path weakened to a core stays unsat
        weakened = [_weaken(block, core, interp.env, True) for block in blocks]
        assert not is_sat(And(weakened), solver_name="z3")


def test_unsat_core_goes_on_with_bit_vectors_when_the_reading_runs_out(monkeypatch) -> None:
    """The integer reading's core query has a budget too: one without ran 36 s on
    kundu1_BUG, a forced-covering attempt that ended the run, where bit-vectors went
    on to a core in 0.3 s. When both budgets run out, bit-vectors go on where they
    stopped, without one, and their core is a core."""
    from cpa_predicate import interpolation_z3
    from cpa_predicate.interpolation_z3 import BitVectorConverter

    blocks = _infeasible_diamonds(5)
    read = _counting_readings(monkeypatch)
    monkeypatch.setattr(interpolation_z3, "_BIT_VECTOR_CORE_UNITS", 1)
    monkeypatch.setattr(interpolation_z3, "_READING_CORE_UNITS", 1)
    interp = Z3SpacerInterpolator(integer_reading=True)
    answers = []
    original = Z3SpacerInterpolator._decide

    def recorded(self, encodings, shrink=False):
        answer = original(self, encodings, shrink)
        answers.append(answer[2])
        return answer

    monkeypatch.setattr(Z3SpacerInterpolator, "_decide", recorded)
    conv = BitVectorConverter(interp.env, interp._ctx)
    core = interp._unsat_core(blocks, conv, deep=True)
    assert read != [] and answers == ["QF_BV"]  # the reading was tried, bit-vectors answered
    weakened = [_weaken(block, core, interp.env, True) for block in blocks]
    assert not is_sat(And(weakened), solver_name="z3")


_CAPPED_SETTINGS = {
    "auto": {"core": "auto"},
    "leaves": {"core": "leaves"},
    "conjuncts": {"core": "conjuncts"},
    "no core": {"reduce_with_core": False},
}


@pytest.mark.parametrize("settings", _CAPPED_SETTINGS.values(), ids=_CAPPED_SETTINGS.keys())
def test_a_call_with_a_resource_cap_fails_where_spacer_needs_more(settings: dict) -> None:
    """A caller with something else to try once a query is dear (forced covering, the
    refinements' condition atoms) caps the effort: Spacer's budgets stop at the cap,
    and the call fails with an error that is not the run's timeout, where without a
    cap it goes on to the interpolants. The cap is the caller's to lift: the next call
    has none."""
    from cpa_predicate.checked_interpolation import CheckedInterpolator

    blocks = _infeasible_diamonds(5)
    interp = CheckedInterpolator(Z3SpacerInterpolator(integer_reading=True, **settings))
    interp.resource_cap = 1
    with pytest.raises(InterpolationOverCap, match="resource cap"):
        interp.sequence_interpolants(blocks)
    interp.resource_cap = None
    assert interp.sequence_interpolants(blocks) is not None


@pytest.mark.parametrize("settings", _CAPPED_SETTINGS.values(), ids=_CAPPED_SETTINGS.keys())
def test_a_cap_that_is_not_reached_changes_nothing(settings: dict) -> None:
    """A cap above what the call needs keeps its course: the same rounds of budgets,
    the same seeds, so the same interpolants as without a cap (a run's course must
    not turn on a cap it never reaches)."""
    blocks = _infeasible_diamonds(5)
    uncapped = Z3SpacerInterpolator(integer_reading=True, **settings)
    capped = Z3SpacerInterpolator(integer_reading=True, **settings)
    capped.resource_cap = 10**9
    expected = uncapped.sequence_interpolants(blocks)
    assert expected is not None
    assert capped.sequence_interpolants(blocks) == expected


def test_spacer_gets_the_integer_reading_built_only_when_it_is_tried(monkeypatch) -> None:
    """A path is read into integers for Spacer only when that reading is tried: after
    a bit-vector success bit-vectors go first, and a path they refute is not read (with
    the ``auto`` core portfolio, whose every attempt has a budget; without one, whether
    there is a reading decides the schedule, so it is read at once)."""
    blocks = _infeasible_diamonds(5)
    read_blocks = []
    original = Z3SpacerInterpolator._read_conjunction

    def counted(self, conjuncts, conv, split=False):
        read_blocks.append(conjuncts)
        return original(self, conjuncts, conv, split)

    monkeypatch.setattr(Z3SpacerInterpolator, "_read_conjunction", counted)
    interp = Z3SpacerInterpolator(integer_reading=True, core="auto")
    interp._theories = ["bit-vectors", "integers", "integers-split"]
    assert interp.sequence_interpolants(blocks) is not None
    assert interp.readings["bit-vectors"] == 1 and read_blocks == []
    interp._theories = ["integers", "bit-vectors", "integers-split"]  # read, first
    assert interp.sequence_interpolants(blocks) is not None
    assert interp.readings["integers"] == 1 and read_blocks


@pytest.mark.parametrize("stays_first", [False, True])
def test_the_integer_reading_stays_first_after_a_bit_vector_success(stays_first: bool) -> None:
    """After bit-vectors refuted a path that has no integer reading (a product of two
    words), the next path goes to bit-vectors first too, unless the reading stays
    first: then Spacer refutes it over integers."""
    from pysmt.shortcuts import BV, BVMul

    x, y = Symbol("main::px@0", BVType(32)), Symbol("main::py@0", BVType(32))
    product = [
        And(Equals(x, BV(2, 32)), Equals(y, BV(4, 32))),
        Equals(BVMul(x, y), BV(6, 32)),
    ]
    interp = Z3SpacerInterpolator(integer_reading=True, core="auto")
    interp.reading_stays_first = stays_first
    assert interp.sequence_interpolants(product) is not None
    assert interp.readings == {"integers": 0, "integers-split": 0, "bit-vectors": 1}
    assert interp.sequence_interpolants(_infeasible_diamonds(5)) is not None
    if stays_first:
        assert interp.readings["integers"] == 1 and interp.readings["bit-vectors"] == 1
    else:
        assert interp.readings["integers"] == 0 and interp.readings["bit-vectors"] == 2


def test_unsat_core_goes_on_with_the_bit_vector_solver_that_ran_out(monkeypatch) -> None:
    """Without an integer reading (a product of two words), bit-vectors answer after
    running out of their budget: the same solver goes on where it stopped, and what it
    bit-blasted is not built again."""
    from pysmt.shortcuts import BV, BVMul

    from cpa_predicate import interpolation_z3
    from cpa_predicate.interpolation_z3 import BitVectorConverter

    monkeypatch.setattr(interpolation_z3, "_BIT_VECTOR_CORE_UNITS", 1)
    created = []
    solver_for = z3.SolverFor

    def counted(logic, *args, **kwargs):
        created.append(logic)
        return solver_for(logic, *args, **kwargs)

    monkeypatch.setattr(z3, "SolverFor", counted)
    x, y = Symbol("main::px@0", BVType(32)), Symbol("main::py@0", BVType(32))
    blocks = [
        And(Equals(x, BV(2, 32)), Equals(y, BV(4, 32))),
        Equals(BVMul(x, y), BV(6, 32)),
    ]
    read = _counting_readings(monkeypatch)
    interp = Z3SpacerInterpolator(integer_reading=True)
    conv = BitVectorConverter(interp.env, interp._ctx)
    core = interp._unsat_core(blocks, conv, deep=True)
    assert core and created == ["QF_BV"]
    weakened = [_weaken(block, core, interp.env, True) for block in blocks]
    assert not is_sat(And(weakened), solver_name="z3")
    assert read  # bit-vectors ran out of their budget, and the reading was tried


def test_feasible_path_keeps_a_model_of_the_conjunction() -> None:
    # A long chain of joined disequalities is feasible; the interpolator decides it by
    # bit-blasting and keeps the model, which the refiner turns into the counterexample.
    from pysmt.shortcuts import BV, substitute

    interp = create_interpolator("z3", integer_reading=True)
    blocks = _joined_diamonds(300)
    assert interp.sequence_interpolants(blocks) is None
    model = interp.model
    assert model is not None and interp.probes_sat == 1
    assert interp.probe_s > 0  # the probe's time is counted whatever it finds
    values = {symbol: BV(value, 32) for symbol, value in model.items()}
    for block in blocks:
        assert substitute(block, values).simplify().is_true()


def test_infeasible_path_leaves_no_model() -> None:
    from pysmt.shortcuts import BV

    interp = create_interpolator("z3", integer_reading=True)
    blocks = _joined_diamonds(5)
    last = Symbol("main::dx@5", blocks[0].args()[0].args()[0].args()[0].symbol_type())
    blocks.append(Equals(last, BV(7, 32)))
    blocks.append(Equals(Symbol("main::dx@0", last.symbol_type()), BV(0, 32)))
    interpolants = interp.sequence_interpolants(blocks)
    assert interpolants is not None and len(interpolants) == len(blocks) - 1
    assert interp.model is None


class OnlyCaseSplitsFit(Z3SpacerInterpolator):
    """Spacer 'runs out of budget' on every theory but the case-split reading."""

    def _refute(self, steps, shape, conv, budget):
        reading = steps[0][0]
        if budget is not None and (reading is None or not reading.case_split):
            raise _OverBudget("test")
        return super()._refute(steps, shape, conv, budget)


def _wrapping_path() -> list[FNode]:
    """``y = x + 1`` in 32 bits, ``y < x`` signed (only at ``x = INT_MAX``), ``x < 10``:
    infeasible, and the comparison needs ``x + 1`` normalised (it wraps at most once)."""
    from pysmt.shortcuts import BV, BVSLT, BVAdd

    bits = BVType(32)
    x, y = Symbol("main::wx@0", bits), Symbol("main::wy@1", bits)
    return [Equals(y, BVAdd(x, BV(1, 32))), BVSLT(y, x), BVSLT(x, BV(10, 32))]


def test_the_case_split_reading_is_tried_after_the_others() -> None:
    # Spacer refutes some paths only with the reading that normalises a value wrapping
    # at most twice by a case split: the portfolio tries it when the reading with
    # auxiliaries and bit-vectors ran out of their budgets, and after a success it
    # stays last (on the ssh programs it is slow); its interpolants are read back like
    # the other reading's
    path = _wrapping_path()
    interp = OnlyCaseSplitsFit(
        timeout_ms=60_000, core="auto", integer_reading=True, case_split_reading=True
    )
    check_sequence(path, interp.sequence_interpolants(path))
    assert interp.readings["integers-split"] == 1
    assert interp.readings["integers"] == interp.readings["bit-vectors"] == 0
    assert interp.fallbacks >= 2  # the two others ran out first
    assert interp._theories == ["integers", "bit-vectors", "integers-split"]
    failed = interp.fallbacks
    check_sequence(path, interp.sequence_interpolants(path))
    assert interp.readings["integers-split"] == 2
    assert interp.fallbacks == 2 * failed  # the others ran out first again
    # not asked for: the other two solve it once the budgets are gone
    plain = OnlyCaseSplitsFit(timeout_ms=60_000, core="auto", integer_reading=True)
    check_sequence(path, plain.sequence_interpolants(path))
    assert plain.readings["integers-split"] == 0 and plain._theories == ["integers", "bit-vectors"]


def test_a_path_without_a_split_has_no_case_split_reading() -> None:
    # where no value wraps at most twice the case-split reading is the reading with
    # auxiliaries: the portfolio does not give Spacer the same problem twice, and the
    # path is refuted once the budgets are gone
    # (a signed comparison of a word needs no normalisation; an unsigned one would)
    from pysmt.shortcuts import BV, BVSLT

    x = Symbol("main::nx@0", BVType(32))
    plain = [BVSLT(x, BV(5, 32)), Equals(x, BV(7, 32))]
    interp = OnlyCaseSplitsFit(
        timeout_ms=60_000, core="auto", integer_reading=True, case_split_reading=True
    )
    check_sequence(plain, interp.sequence_interpolants(plain))
    assert interp.readings["integers-split"] == 0
    assert interp.readings["integers"] + interp.readings["bit-vectors"] == 1


def test_a_kept_model_decides_a_later_query_it_satisfies() -> None:
    # Forced covering asks one query per older state along one path, the queries
    # differing in their last formula; a model of an earlier satisfiable one that
    # satisfies a later one decides it without a probe, and is reported as its model.
    from pysmt.shortcuts import BV, BVULT, BVAdd, substitute

    bits = BVType(32)
    x, y = Symbol("main::kx@0", bits), Symbol("main::ky@1", bits)
    path = [Equals(y, BVAdd(x, BV(1, 32))), BVULT(x, BV(10, 32))]
    interp = create_interpolator("z3")
    assert interp.sequence_interpolants([*path, Not(Equals(y, BV(0, 32)))]) is None
    assert (interp.probes_sat, interp.witnesses_reused) == (1, 0)
    first = dict(interp.model)
    # y = x + 1 with x < 10 is never 20: the earlier model satisfies this one as well
    assert interp.sequence_interpolants([*path, Not(Equals(y, BV(20, 32)))]) is None
    assert (interp.probes_sat, interp.witnesses_reused) == (1, 1)
    assert interp.model == first
    assert interp.statistics()["interpolation_feasible_by_earlier_model"] == 1
    # one the kept model does not satisfy goes to the probe, which finds another
    later = [*path, Equals(x, BV((first[x] + 1) % 10, 32))]
    assert interp.sequence_interpolants(later) is None
    assert (interp.probes_sat, interp.witnesses_reused) == (2, 1)
    values = {symbol: BV(value, 32) for symbol, value in interp.model.items()}
    for formula in later:
        assert substitute(formula, values).simplify().is_true()
    # and an infeasible one is still refuted, whatever models are kept
    refuted = [*path, Equals(y, BV(0, 32))]
    interpolants = interp.sequence_interpolants(refuted)
    assert interpolants is not None and len(interpolants) == 2


@pytest.mark.parametrize("plain", [True, False])
def test_both_probe_tactics_decide_alike(plain: bool) -> None:
    # The probe picks its tactic by time; either one must find the same paths feasible
    # (with a model of the path) and leave the infeasible ones to the core queries.
    from pysmt.shortcuts import BV, BVULT, BVAdd, substitute

    from cpa_predicate.decider_choice import DeciderChoice

    bits = BVType(32)
    x, y, z = (Symbol(f"main::t{n}@0", bits) for n in "xyz")
    interp = create_interpolator("z3")
    choice = DeciderChoice(warm_up=0)
    choice.mean = {plain: 0.0, not plain: 1.0}  # the wanted tactic is the faster one
    interp._probe_choice = choice
    feasible = [Equals(y, BVAdd(x, BV(1, 32))), Equals(z, BVAdd(y, y)), BVULT(z, BV(7, 32))]
    assert interp.sequence_interpolants(feasible) is None
    assert interp.probes_eliminating == (0 if plain else 1)
    values = {symbol: BV(value, 32) for symbol, value in interp.model.items()}
    for formula in feasible:
        assert substitute(formula, values).simplify().is_true()
    infeasible = [*feasible[:2], Equals(z, BV(7, 32))]  # z = 2x + 2 is even
    interpolants = interp.sequence_interpolants(infeasible)
    assert interpolants is not None and len(interpolants) == 2
    assert interp.probes_eliminating == (0 if plain else 2)


def _counter_chain(steps: int) -> list[FNode]:
    """``c`` counts up from 0 for ``steps`` blocks, then is negative: infeasible."""
    fs = [Equals(iv("main::c@0"), Int(0))]
    fs += [
        Equals(iv(f"main::c@{k}"), Plus(iv(f"main::c@{k - 1}"), Int(1))) for k in range(1, steps)
    ]
    fs.append(LT(iv(f"main::c@{steps - 1}"), Int(0)))
    return fs


def test_a_call_out_of_its_time_raises_a_timeout_not_a_failure() -> None:
    # the call's time (the run's remaining time, set by the refiner) is over before
    # the first query: a timeout, which ends the run as such
    interpolator = Z3SpacerInterpolator(timeout_ms=1)
    with pytest.raises(InterpolationTimeout):
        interpolator.sequence_interpolants(_counter_chain(60))


def test_an_unknown_answer_is_a_timeout_only_when_the_calls_timer_gave_it() -> None:
    interpolator = Z3SpacerInterpolator()
    # Z3's timer may fire a few milliseconds before our clock reaches the deadline
    interpolator._deadline = time.monotonic() + 3600
    assert isinstance(interpolator._unknown("Spacer", "timeout", timed=False), InterpolationTimeout)
    # a cancellation is the timer's only when the query had no resource budget
    assert isinstance(interpolator._unknown("Z3", "canceled", timed=True), InterpolationTimeout)
    budget_spent = interpolator._unknown("Spacer", "canceled", timed=False)
    assert not isinstance(budget_spent, InterpolationTimeout)
    assert "canceled" in str(budget_spent)
    # without a deadline nothing is the run's time running out
    interpolator._deadline = None
    other = interpolator._unknown("Spacer", "timeout", timed=True)
    assert isinstance(other, InterpolationError) and not isinstance(other, InterpolationTimeout)
    # once the deadline has passed, any unknown answer is a timeout
    interpolator._deadline = time.monotonic() - 1
    assert isinstance(interpolator._unknown("Z3", "incomplete", timed=False), InterpolationTimeout)


@pytest.mark.parametrize("config", ["lbe", "cp", "impact"])
def test_the_interpolators_timeout_ends_the_run_as_a_timeout(
    tmp_path, monkeypatch, config: str
) -> None:
    """An interpolation that runs out of the run's time makes the run UNKNOWN with the
    reason "timeout" (not "interpolation failed"), whichever refiner asked."""

    def out_of_time(self, *args):
        raise InterpolationTimeout("timeout")

    monkeypatch.setattr(Z3SpacerInterpolator, "sequence_interpolants", out_of_time)
    monkeypatch.setattr(Z3SpacerInterpolator, "dag_interpolants", out_of_time)
    program = tmp_path / "program.c"
    program.write_text(
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
        "int main(void) {\n  int x = 0;\n  int n = __VERIFIER_nondet_int();\n"
        "  while (n > 0) { x = x + 2; n = n - 1; }\n"
        "  if (x == 1) reach_error();\n  return 0;\n}\n"
    )
    result = verify(program, config, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.UNKNOWN
    assert result.reason == "timeout"


def test_spacer_diagnostics_do_not_reach_standard_error(capfd):
    # Spacer writes some diagnostics to descriptor 2 whatever Z3's verbosity
    with _quiet_stderr():
        os.write(2, b"Failed to find a lemma for: ...\n")
    os.write(2, b"ours\n")
    assert capfd.readouterr().err == "ours\n"


#: a counter's three steps as Horn clauses (from arr08's second refinement) on which an
#: internal assertion of Spacer's lemma propagation fails for every seed and schedule
_UNREACHABLE_CHAIN = """
(declare-fun P1 ((_ BitVec 32)) Bool)
(declare-fun P2 ((_ BitVec 32)) Bool)
(assert (forall ((c1 (_ BitVec 32))) (=> (= c1 (_ bv0 32)) (P1 c1))))
(assert (forall ((c1 (_ BitVec 32)) (c2 (_ BitVec 32)))
  (=> (and (P1 c1) (= c2 (bvadd c1 (_ bv1 32)))) (P2 c2))))
(assert (forall ((c2 (_ BitVec 32)))
  (=> (and (P2 c2) (bvule (_ bv4 64) ((_ sign_extend 32) c2))) false)))
"""


def test_a_failing_spacer_is_asked_again_and_then_with_the_clauses_inlined() -> None:
    interp = Z3SpacerInterpolator()
    clauses = list(z3.parse_smt2_string(_UNREACHABLE_CHAIN, ctx=interp._ctx))
    plain = z3.SolverFor("HORN", ctx=z3.Context())
    plain.set(**_HORN_PARAMS)
    plain.set("rlimit", 3_000_000)
    plain.add(*[clause.translate(plain.ctx) for clause in clauses])
    with _quiet_stderr():
        if plain.check() != z3.unknown:
            pytest.skip("this Z3 solves the chain without inlining")
    # from the first schedule on, the default schedule solves it after the failure; from
    # the default schedule on (as after an unconvertible answer) the inlined clauses do
    for first_attempt in (True, False):
        model = interp._solve_horn(clauses, 3, first_attempt, budget=3_000_000)
        assert model is not None
        # the interpretations make every clause valid: they are interpolants of the chain
        interpretations = [(p, model[p].else_value()) for p in model.decls() if p.arity() == 1]
        assert len(interpretations) == 2
        for clause in clauses:
            # the model is Spacer's, in the context Spacer solved in
            check = z3.Solver(ctx=model.ctx)
            there = clause.translate(model.ctx)
            check.add(z3.Not(z3.substitute_funs(there, *interpretations)))
            assert check.check() == z3.unsat


def test_a_chain_spacer_diverges_on_gets_the_inlined_clauses_interpolants() -> None:
    """``r = a * 100000 + g`` over 32-bit words after ``a = 1, g = 7``, refuting
    ``r != 100007``: Spacer's linear lemmas do not converge on the word product (nor on
    its integer reading with a wrap term), the inlined chain is one easy query. The
    answer comes from the inlined clauses once Spacer ran out of its first budget."""
    word = BVType(32)
    a, g = Symbol("inl!a", word), Symbol("inl!g", word)
    ret, r = Symbol("inl!ret", word), Symbol("inl!r", word)
    formulas = [
        And(Equals(a, BV(1, 32)), Equals(g, BV(7, 32))),
        Equals(ret, BVAdd(BVMul(a, BV(100000, 32)), g)),
        Equals(r, ret),
        Not(Equals(r, BV(100007, 32))),
    ]
    interpolator = Z3SpacerInterpolator(timeout_ms=60_000, reduce_with_core=False)
    check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert interpolator.inlined_answers >= 1
    figures = interpolator.statistics()
    assert figures["interpolation_inlined_answers"] == interpolator.inlined_answers


def test_a_value_read_from_one_of_several_cells_gets_the_exact_images() -> None:
    """``r = tbl[i]`` for a table of 10, 20, 30, 0, refuting ``r % 10 != 0``: the
    interpolant after the read is the disjunction of the four values, which Spacer's
    convex lemmas do not reach. With ``exact_images`` the inlined clauses answer with
    the image of the path, ``exists i. r = ite(i = 0, 10, ...)`` over the integer
    reading, and Z3's ``qe`` makes it the disjunction; without, the call runs to its
    deadline (not tested here: it takes the whole timeout)."""
    word = BVType(32)
    cells = [Symbol(f"cell!t{k}", word) for k in range(4)]
    index, ret, r = (Symbol(f"cell!{name}", word) for name in ("i", "ret", "r"))
    read = cells[3]
    for k in (2, 1, 0):
        read = Ite(Equals(index, BV(k, 32)), cells[k], read)
    values = (10, 20, 30, 0)
    formulas = [
        And(*[Equals(cell, BV(value, 32)) for cell, value in zip(cells, values, strict=True)]),
        Equals(ret, read),
        Equals(r, ret),
        Not(Equals(BVSRem(r, BV(10, 32)), BV(0, 32))),
    ]
    interpolator = Z3SpacerInterpolator(
        timeout_ms=30_000, reduce_with_core=False, integer_reading=True
    )
    with interpolator.configured(exact_images=True):
        check_sequence(formulas, interpolator.sequence_interpolants(formulas))
    assert interpolator.inlined_answers >= 1
    assert interpolator.exact_images is False  # restored after the block


def test_a_loop_free_path_may_be_refuted_by_exact_images(tmp_path) -> None:
    """The refiner allows exact images for a path without a repeated location: ``lbe``
    proves the table program of the test above, which timed out before."""
    program = tmp_path / "table.c"
    program.write_text(
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
        "int tbl[4] = {10, 20, 30};\nstatic int get(int i) { return tbl[i]; }\n"
        "int main(void) {\n  int i = __VERIFIER_nondet_int();\n"
        "  if (i < 0 || i > 3) return 0;\n  if (get(i) % 10 != 0) reach_error();\n"
        "  return 0;\n}\n"
    )
    result = verify(program, "lbe", Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.TRUE
