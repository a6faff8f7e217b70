"""Interpolants checked before they become labels (cpa_predicate/checked_interpolation.py)."""

from __future__ import annotations

import pytest
from cegar_builders import cegar_algorithm
from pysmt.shortcuts import BV, BVULT, TRUE, And, BVAdd, Equals, Implies, Symbol, is_valid
from pysmt.typing import BVType
from test_impact import LOCK_IN_ANY_LOOP

from cpa.results import Verdict
from cpa_predicate.checked_interpolation import CheckedInterpolator, InterpolantRefuted
from cpa_predicate.interpolation import (
    DagEdge,
    InterpolationDag,
    InterpolationTimeout,
    create_interpolator,
)
from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator

W = BVType(32)
x0, x1, x2 = (Symbol(f"checked::x@{k}", W) for k in range(3))
x, xn = Symbol("checked::x", W), Symbol("checked::x'", W)

# x = 0; x = x + 1; x == 5: infeasible
PATH = [Equals(x0, BV(0, 32)), Equals(x1, BVAdd(x0, BV(1, 32))), Equals(x1, BV(5, 32))]


class _Weakened(Z3SpacerInterpolator):
    """Spacer's interpolants with the last one replaced by ``true``: a back end whose
    answer does not hold (the step into the error is then satisfiable)."""

    def sequence_interpolants(self, formulas):
        interpolants = super().sequence_interpolants(formulas)
        return None if interpolants is None else [*interpolants[:-1], TRUE()]


def test_real_interpolants_pass_every_step():
    checked = CheckedInterpolator(create_interpolator("z3", timeout_ms=60_000))
    interpolants = checked.sequence_interpolants(PATH)
    assert interpolants is not None and len(interpolants) == 2
    assert checked.statistics()["interpolation_checks"] == 3


def test_feasible_path_is_not_checked():
    checked = CheckedInterpolator(create_interpolator("z3", timeout_ms=60_000))
    assert checked.sequence_interpolants(PATH[:2]) is None
    assert checked.model is not None  # the back end's model, read through the wrapper
    assert "interpolation_checks" not in checked.statistics()


def test_interpolants_that_do_not_hold_are_refused():
    checked = CheckedInterpolator(_Weakened(timeout_ms=60_000))
    with pytest.raises(InterpolantRefuted, match="do not hold at step 3 of 3"):
        checked.sequence_interpolants(PATH)


class _WrongOnSomeVariants(Z3SpacerInterpolator):
    """Spacer's interpolants, but weakened as ``_Weakened``'s while the search variant
    is below ``wrong_below`` (a back end whose wrong answer depends on its search); the
    variants asked are recorded."""

    def __init__(self, wrong_below: int, varies: bool = True):
        super().__init__(timeout_ms=60_000)
        self.wrong_below = wrong_below
        self.varies = varies
        self.variants: list[int] = []

    def sequence_interpolants(self, formulas):
        self.variants.append(self.variant)
        interpolants = super().sequence_interpolants(formulas)
        if interpolants is None or self.variant >= self.wrong_below:
            return interpolants
        return [*interpolants[:-1], TRUE()]


def test_a_refuted_answer_is_asked_again_as_another_search():
    inner = _WrongOnSomeVariants(wrong_below=1)
    checked = CheckedInterpolator(inner)
    interpolants = checked.sequence_interpolants(PATH)
    assert interpolants is not None and not interpolants[-1].is_true()
    assert inner.variants == [0, 1]
    assert checked.statistics()["interpolation_answers_refuted"] == 1
    assert inner.variant == 0 and inner.timeout_ms == 60_000  # restored after the call
    # the next call starts from the back end's own search again
    checked.sequence_interpolants(PATH)
    assert inner.variants == [0, 1, 0, 1]


def test_an_answer_refuted_in_every_search_is_refused():
    inner = _WrongOnSomeVariants(wrong_below=CheckedInterpolator.retries + 1)
    checked = CheckedInterpolator(inner)
    with pytest.raises(InterpolantRefuted, match="do not hold at step 3 of 3"):
        checked.sequence_interpolants(PATH)
    assert inner.variants == list(range(CheckedInterpolator.retries + 1))
    assert checked.refuted == CheckedInterpolator.retries + 1


def test_a_back_end_whose_search_does_not_vary_is_not_asked_again():
    inner = _WrongOnSomeVariants(wrong_below=1, varies=False)
    with pytest.raises(InterpolantRefuted):
        CheckedInterpolator(inner).sequence_interpolants(PATH)
    assert inner.variants == [0]  # the same search would give the same answer


def test_a_back_end_out_of_memory_ends_the_run_as_out_of_memory():
    # Z3's answer "unknown" for want of memory is the run's memory limit, as in the
    # solver session (tests/test_abstraction.py), not a failed refinement
    interpolator = Z3SpacerInterpolator(timeout_ms=60_000)
    with pytest.raises(MemoryError, match="out of memory"):
        interpolator._unknown("Spacer", "out of memory", timed=False)
    error = interpolator._unknown("Spacer", "max. resource limit exceeded", timed=False)
    assert not isinstance(error, InterpolationTimeout) and "resource" in str(error)


def test_a_search_variant_gives_spacer_other_seeds():
    interpolator = Z3SpacerInterpolator(timeout_ms=60_000)
    budget = interpolator.conjuncts_budget * 16
    own = [interpolator._seed(None), interpolator._seed(budget)]
    with interpolator.configured(variant=1):
        other = [interpolator._seed(None), interpolator._seed(budget)]
    assert own == [0, 2]  # Z3's default without a budget; one per fourfold step
    assert len(set(own + other)) == 4
    assert [interpolator._seed(None), interpolator._seed(budget)] == own


def test_an_odd_search_variant_starts_from_the_other_reduction():
    # the portfolio of unsat-core reductions puts the one that succeeded last first;
    # an odd variant tries the other one first (and it succeeds on this small path)
    interpolator = Z3SpacerInterpolator(timeout_ms=60_000, core="auto")
    assert interpolator.sequence_interpolants(PATH) is not None
    own = interpolator._leaves_first
    with interpolator.configured(variant=1):
        assert interpolator.sequence_interpolants(PATH) is not None
    assert interpolator._leaves_first is not own
    with interpolator.configured(variant=2):
        assert interpolator.sequence_interpolants(PATH) is not None
    assert interpolator._leaves_first is not own  # an even variant keeps the order


def _loop_dag() -> InterpolationDag:
    # x = 0; two unrollings of x = x + 1 while x < 3; error if x == 7 after either
    step = Equals(xn, BVAdd(x, BV(1, 32)))
    return InterpolationDag(
        size=5,
        edges=[
            DagEdge(0, 1, Equals(xn, BV(0, 32)), {x: xn}),
            DagEdge(1, 2, step, {x: xn}),
            DagEdge(2, 3, Equals(x, BV(7, 32))),
            DagEdge(1, 4, Equals(x, BV(7, 32))),
        ],
        errors=frozenset({3, 4}),
        node_variables=frozenset({x}),
    )


def test_dag_labels_are_checked_edge_by_edge():
    checked = CheckedInterpolator(create_interpolator("z3", timeout_ms=60_000))
    labels = checked.dag_interpolants(_loop_dag())
    assert labels is not None and labels[0].is_true()
    # the root's edge, the step, and the two edges into errors (true targets are skipped)
    assert checked.statistics()["interpolation_checks"] == 4


def test_dag_label_that_does_not_hold_is_refused():
    class WrongLabel(Z3SpacerInterpolator):
        def dag_interpolants(self, dag):
            labels = super().dag_interpolants(dag)
            # node 2 claims x < 1 after x = 0; x = x + 1: false
            return [*labels[:2], BVULT(x, BV(1, 32)), *labels[3:]]

    checked = CheckedInterpolator(WrongLabel(timeout_ms=60_000))
    with pytest.raises(InterpolantRefuted, match="edge 1 -> 2"):
        checked.dag_interpolants(_loop_dag())
    assert checked.refuted == CheckedInterpolator.retries + 1


def test_dag_labels_refuted_in_one_search_are_asked_again():
    class WrongInFirstSearch(Z3SpacerInterpolator):
        def dag_interpolants(self, dag):
            labels = super().dag_interpolants(dag)
            if self.variant:
                return labels
            return [*labels[:2], BVULT(x, BV(1, 32)), *labels[3:]]

    checked = CheckedInterpolator(WrongInFirstSearch(timeout_ms=60_000))
    labels = checked.dag_interpolants(_loop_dag())
    assert labels is not None and labels[0].is_true()
    assert checked.refuted == 1


@pytest.mark.parametrize(
    "config, overrides, checked",
    [
        ("impact", [], True),  # labels strengthened in place
        ("cpufo", [], True),
        ("lbe", [], False),  # interpolants are predicates only
        ("lbe", ["refiner.predicate.check_interpolants=always"], True),
        ("impact", ["refiner.predicate.check_interpolants=never"], False),
    ],
)
def test_interpolants_are_checked_where_they_become_labels(config, overrides, checked):
    algorithm = cegar_algorithm(LOCK_IN_ANY_LOOP, config, overrides, seconds=60)
    outcome = algorithm.run()
    assert outcome.verdict is Verdict.TRUE
    interpolator = algorithm.refiner.interpolator
    assert isinstance(interpolator, CheckedInterpolator) is checked
    if checked:
        assert interpolator.checks > 0


def test_a_refused_interpolant_makes_the_run_unknown(monkeypatch):
    import cpa_predicate.refiner as refiner_module

    monkeypatch.setattr(refiner_module, "create_interpolator", lambda *a, **k: _Weakened())
    outcome = cegar_algorithm(LOCK_IN_ANY_LOOP, "impact", [], seconds=60).run()
    assert outcome.verdict is Verdict.UNKNOWN
    assert "do not hold" in outcome.reason


def test_the_check_reads_the_problem_reduced_to_an_unsat_core():
    # y's conjuncts play no part in the refutation: the unsat core drops them, and the
    # interpolants are checked against the weakened formulas, each implied by its own
    y0, y1 = (Symbol(f"checked::y@{k}", W) for k in range(2))
    path = [
        And(PATH[0], Equals(y0, BV(3, 32))),
        And(PATH[1], Equals(y1, BVAdd(y0, x1))),
        PATH[2],
    ]
    inner = create_interpolator("z3", timeout_ms=60_000)
    checked = CheckedInterpolator(inner)
    assert checked.sequence_interpolants(path) is not None
    solved = inner.solved_problem
    assert isinstance(solved, list) and len(solved) == len(path)
    assert solved != path
    for given, weakened in zip(path, solved, strict=True):
        assert is_valid(Implies(given, weakened), solver_name="z3")
    assert not any(y0 in f.get_free_variables() for f in solved)


class _TrueOnFirstSearch(Z3SpacerInterpolator):
    """Interpolants that are all ``true`` in the back end's own search (variant 0), as
    predicates nothing new, and Spacer's in any other (the back end's wrong answer
    depends on its search)."""

    def sequence_interpolants(self, formulas):
        interpolants = super().sequence_interpolants(formulas)
        if interpolants is None or self.variant > 0:
            return interpolants
        return [TRUE()] * len(interpolants)


@pytest.mark.parametrize(("check", "verdict"), [("labels", "TRUE"), ("never", "UNKNOWN")])
def test_predicates_that_found_nothing_new_are_asked_again_checked(monkeypatch, check, verdict):
    # unchecked, a wrong answer only costs precision: the refinement finds no new
    # predicate; then the interpolants are asked again, checked, as another search
    import cpa_predicate.refiner as refiner_module

    monkeypatch.setattr(refiner_module, "create_interpolator", lambda *a, **k: _TrueOnFirstSearch())
    overrides = [f"refiner.predicate.check_interpolants={check}"]
    algorithm = cegar_algorithm(LOCK_IN_ANY_LOOP, "lbe", overrides, seconds=60)
    outcome = algorithm.run()
    assert outcome.verdict is Verdict[verdict]
    asked_again = algorithm.context.statistics.get("refinements_checked_again", 0)
    if check == "labels":
        assert asked_again > 0
        assert algorithm.refiner._checked.refuted == asked_again
    else:
        assert asked_again == 0 and "no new predicates" in outcome.reason
